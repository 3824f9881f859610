/** `param-optional`: a param becomes optional */
import { kind } from "../kind.js";
import { pair, openrpc, method } from "../examples.js";
import { paramsLevel } from "./views.js";

export default kind({
  id: "param-optional",
  family: "openrpc",
  direction: "request",
  level: "by-proof",
  doc: "a param becomes optional",
  opposite: "param-required",
  detect: { on: "difference", matches: (v) => paramsLevel(v) && v.aspect === "required" && !v.narrowed },
  describe: (d) => `param \`${d.subject}\` is no longer required`,
  examples: {
    fires: pair(
      openrpc([method("m", [{ name: "a", required: true, schema: { type: "string" } }])]),
      openrpc([method("m", [{ name: "a", schema: { type: "string" } }])]),
    ),
    quiet: pair(
      openrpc([method("m", [{ name: "a", schema: { type: "string" } }])]),
      openrpc([method("m", [{ name: "a", required: true, schema: { type: "string" } }])]),
    ),
  },
});
