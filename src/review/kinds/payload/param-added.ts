/** `param-added`: a new param */
import { kind } from "../kind.js";
import { pair, openrpc, method } from "../examples.js";
import { paramsLevel } from "./views.js";

export default kind({
  id: "param-added",
  family: "openrpc",
  direction: "request",
  level: "by-proof",
  doc: "a new param",
  opposite: "param-removed",
  detect: { on: "difference", matches: (v) => paramsLevel(v) && v.aspect === "property" && !v.narrowed },
  describe: (d) => `param \`${d.subject}\` is new`,
  examples: {
    fires: pair(
      openrpc([method("m", [{ name: "a", schema: { type: "string" } }])]),
      openrpc([
        method("m", [
          { name: "a", schema: { type: "string" } },
          { name: "b", schema: { type: "integer" } },
        ]),
      ]),
    ),
    quiet: pair(
      openrpc([
        method("m", [
          { name: "a", schema: { type: "string" } },
          { name: "b", schema: { type: "integer" } },
        ]),
      ]),
      openrpc([method("m", [{ name: "a", schema: { type: "string" } }])]),
    ),
  },
});
