/** `parameter-optional`: a parameter is no longer required */
import { kind } from "../kind.js";
import { pair, operation } from "../examples.js";
import { parametersLevel } from "./views.js";

export default kind({
  id: "parameter-optional",
  family: "openapi",
  direction: "request",
  level: "by-proof",
  doc: "a parameter is no longer required",
  opposite: "parameter-required",
  detect: { on: "difference", matches: (v) => parametersLevel(v) && v.aspect === "required" && !v.narrowed },
  describe: (d) => `parameter \`${d.subject}\` is no longer required`,
  examples: {
    fires: pair(
      operation({ parameters: [{ name: "q", in: "query", required: true, schema: { type: "string" } }] }),
      operation({ parameters: [{ name: "q", in: "query", schema: { type: "string" } }] }),
    ),
    quiet: pair(
      operation({ parameters: [{ name: "q", in: "query", schema: { type: "string" } }] }),
      operation({ parameters: [{ name: "q", in: "query", required: true, schema: { type: "string" } }] }),
    ),
  },
});
