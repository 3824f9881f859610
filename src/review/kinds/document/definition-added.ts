/** `definition-added`: a new definition. */
import { kind } from "../kind.js";
import { jsonSchema, pair } from "../examples.js";

export default kind({
  id: "definition-added",
  family: "document",
  direction: "none",
  level: "compatible",
  doc: "a new definition",
  opposite: "definition-removed",
  detect: {
    on: "models",
    find: (p) =>
      p.definitionMoves().added.map((s) => ({
        kind: "definition-added",
        verdict: "compatible" as const,
        direction: "none" as const,
        path: s.path,
        subject: s.reach.operation,
        evidence: `new definition ${s.path}`,
        reaches: [s.reach],
      })),
  },
  describe: (d) => `new definition ${d.subject}`,
  examples: {
    fires: pair(jsonSchema({ A: { type: "string" } }), jsonSchema({ A: { type: "string" }, B: { type: "integer" } })),
    quiet: pair(jsonSchema({ A: { type: "string" }, B: { type: "integer" } }), jsonSchema({ A: { type: "string" } })),
  },
});
