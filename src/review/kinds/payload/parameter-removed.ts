/** `parameter-removed`: a path, query, header or cookie parameter is no longer accepted (each location's parameters are a closed object) */
import { kind } from "../kind.js";
import { pair, operation } from "../examples.js";
import { parametersLevel } from "./views.js";

export default kind({
  id: "parameter-removed",
  family: "openapi",
  direction: "request",
  level: "by-proof",
  doc: "a path, query, header or cookie parameter is no longer accepted (each location's parameters are a closed object)",
  opposite: "parameter-added",
  detect: { on: "difference", matches: (v) => parametersLevel(v) && v.aspect === "property" && v.narrowed },
  describe: (d) => `parameter \`${d.subject}\` is no longer accepted`,
  examples: {
    fires: pair(operation({ parameters: [{ name: "q", in: "query", schema: { type: "string" } }] }), operation()),
    quiet: pair(operation(), operation({ parameters: [{ name: "q", in: "query", schema: { type: "string" } }] })),
  },
});
