/** `param-required`: a param becomes required */
import { kind } from "../kind.js";
import { pair, openrpc, method } from "../examples.js";
import { paramsLevel } from "./views.js";

export default kind({
  id: "param-required",
  family: "openrpc",
  direction: "request",
  level: "by-proof",
  doc: "a param becomes required",
  opposite: "param-optional",
  detect: { on: "difference", matches: (v) => paramsLevel(v) && v.aspect === "required" && v.narrowed },
  describe: (d) => `param \`${d.subject}\` is now required`,
  examples: {
    fires: pair(
      openrpc([method("m", [{ name: "a", schema: { type: "string" } }])]),
      openrpc([method("m", [{ name: "a", required: true, schema: { type: "string" } }])]),
    ),
    quiet: pair(
      openrpc([method("m", [{ name: "a", required: true, schema: { type: "string" } }])]),
      openrpc([method("m", [{ name: "a", schema: { type: "string" } }])]),
    ),
  },
});
