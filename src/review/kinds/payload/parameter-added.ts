/** `parameter-added`: a new optional parameter is accepted */
import { kind } from "../kind.js";
import { pair, operation } from "../examples.js";
import { parametersLevel } from "./views.js";

export default kind({
  id: "parameter-added",
  family: "openapi",
  direction: "request",
  level: "by-proof",
  doc: "a new optional parameter is accepted",
  opposite: "parameter-removed",
  detect: { on: "difference", matches: (v) => parametersLevel(v) && v.aspect === "property" && !v.narrowed },
  describe: (d) => `parameter \`${d.subject}\` is new`,
  examples: {
    fires: pair(operation(), operation({ parameters: [{ name: "q", in: "query", schema: { type: "string" } }] })),
    quiet: pair(operation({ parameters: [{ name: "q", in: "query", schema: { type: "string" } }] }), operation()),
  },
});
