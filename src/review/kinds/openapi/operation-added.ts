/** `operation-added`: a new operation. */
import { kind } from "../kind.js";
import { openapi, operation, pair } from "../examples.js";

export default kind({
  id: "operation-added",
  family: "openapi",
  direction: "request",
  level: "compatible",
  doc: "a new operation",
  opposite: "operation-removed",
  detect: {
    on: "models",
    find: (p) =>
      p.ownersOnlyIn("new").flatMap((s) =>
        p.new_.kind === "openapi"
          ? [
              {
                kind: "operation-added",
                verdict: "compatible" as const,
                direction: "request" as const,
                path: p.new_.openapi?.operations.get(s.owner!)?.path ?? s.path,
                subject: s.reach.operation,
                evidence: `new operation ${s.owner}`,
                reaches: [{ operation: s.reach.operation, part: "operation" }],
              },
            ]
          : [],
      ),
  },
  describe: (d) => `new operation ${d.subject}`,
  examples: { fires: pair(openapi({ paths: {} }), operation()), quiet: pair(operation(), openapi({ paths: {} })) },
});
