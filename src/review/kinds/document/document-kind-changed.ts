/** `document-kind-changed`: the document changed kind. */
import { kind } from "../kind.js";
import { jsonSchema, operation, pair } from "../examples.js";

export default kind({
  id: "document-kind-changed",
  family: "document",
  direction: "none",
  level: "needs-review",
  doc: "the document changed kind (e.g. JSON Schema to OpenAPI); compared where surfaces match",
  detect: {
    on: "models",
    find: (p) =>
      p.old.kind === p.new_.kind
        ? []
        : [
            {
              kind: "document-kind-changed",
              verdict: "needs-review" as const,
              direction: "none" as const,
              path: "#",
              subject: `${p.old.kind} -> ${p.new_.kind}`,
              evidence: `${p.old.kind} -> ${p.new_.kind}: compared surface by surface where keys match`,
              reaches: [],
            },
          ],
  },
  describe: (d) => `the document is now of another kind (${d.subject})`,
  examples: {
    fires: pair(jsonSchema({ A: { type: "string" } }), operation()),
    quiet: pair(operation(), operation({ summary: "x" })),
  },
});
