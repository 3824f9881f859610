/** `param-removed`: a by-name param is no longer accepted (OpenAPI parameters: `parameter-*`) */
import { kind } from "../kind.js";
import { pair, openrpc, method } from "../examples.js";
import { paramsLevel } from "./views.js";

export default kind({
  id: "param-removed",
  family: "openrpc",
  direction: "request",
  level: "by-proof",
  doc: "a by-name param is no longer accepted (OpenAPI parameters: `parameter-*`)",
  opposite: "param-added",
  detect: { on: "difference", matches: (v) => paramsLevel(v) && v.aspect === "property" && v.narrowed },
  describe: (d) => `param \`${d.subject}\` is no longer accepted`,
  examples: {
    fires: pair(
      openrpc([
        method("m", [
          { name: "a", schema: { type: "string" } },
          { name: "b", schema: { type: "integer" } },
        ]),
      ]),
      openrpc([method("m", [{ name: "a", schema: { type: "string" } }])]),
    ),
    quiet: pair(
      openrpc([method("m", [{ name: "a", schema: { type: "string" } }])]),
      openrpc([
        method("m", [
          { name: "a", schema: { type: "string" } },
          { name: "b", schema: { type: "integer" } },
        ]),
      ]),
    ),
  },
});
