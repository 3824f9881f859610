/** `parameter-required`: a parameter becomes required, or a new required parameter appears */
import { kind } from "../kind.js";
import { pair, operation } from "../examples.js";
import { parametersLevel } from "./views.js";

export default kind({
  id: "parameter-required",
  family: "openapi",
  direction: "request",
  level: "by-proof",
  doc: "a parameter becomes required, or a new required parameter appears",
  opposite: "parameter-optional",
  detect: { on: "difference", matches: (v) => parametersLevel(v) && v.aspect === "required" && v.narrowed },
  describe: (d) => `parameter \`${d.subject}\` is now required`,
  examples: {
    fires: pair(
      operation({ parameters: [{ name: "q", in: "query", schema: { type: "string" } }] }),
      operation({ parameters: [{ name: "q", in: "query", required: true, schema: { type: "string" } }] }),
    ),
    quiet: pair(
      operation({ parameters: [{ name: "q", in: "query", required: true, schema: { type: "string" } }] }),
      operation({ parameters: [{ name: "q", in: "query", schema: { type: "string" } }] }),
    ),
  },
});
