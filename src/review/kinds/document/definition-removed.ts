/** `definition-removed`: a definition is gone. */
import { kind } from "../kind.js";
import { jsonSchema, pair } from "../examples.js";

export default kind({
  id: "definition-removed",
  family: "document",
  direction: "surface",
  level: "breaking",
  doc: "a definition is gone: documents and code referencing it break (no payload can show it)",
  opposite: "definition-added",
  detect: {
    on: "models",
    find: (p) =>
      p.definitionMoves().removed.map((s) => ({
        kind: "definition-removed",
        verdict: "breaking" as const,
        direction: s.direction,
        path: s.path,
        gone: true,
        subject: s.reach.operation,
        evidence: `${s.path} is gone: documents and code that reference it break (no payload can show it)`,
        reaches: [s.reach],
      })),
  },
  describe: (d) => `the definition ${d.subject} is gone`,
  examples: {
    fires: pair(jsonSchema({ A: { type: "string" }, B: { type: "integer" } }), jsonSchema({ A: { type: "string" } })),
    quiet: pair(jsonSchema({ A: { type: "string" } }), jsonSchema({ A: { type: "string" }, B: { type: "integer" } })),
  },
});
