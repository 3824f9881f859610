/** `operation-removed`: an operation is gone. */
import { kind } from "../kind.js";
import { openapi, operation, pair } from "../examples.js";

export default kind({
  id: "operation-removed",
  family: "openapi",
  direction: "request",
  level: "breaking",
  doc: "an operation is gone (path templates compared up to parameter names)",
  opposite: "operation-added",
  detect: {
    on: "models",
    find: (p) =>
      p.ownersOnlyIn("old").flatMap((s) =>
        p.old.kind === "openapi"
          ? [
              {
                kind: "operation-removed",
                verdict: "breaking" as const,
                direction: "request" as const,
                path: p.old.openapi?.operations.get(s.owner!)?.path ?? s.path,
                gone: true,
                subject: s.reach.operation,
                evidence: `operation ${s.owner} is gone: clients calling it fail (no payload schema can show it)`,
                reaches: [{ operation: s.reach.operation, part: "operation" }],
              },
            ]
          : [],
      ),
  },
  describe: (d) => `the operation ${d.subject} is gone`,
  examples: { fires: pair(operation(), openapi({ paths: {} })), quiet: pair(openapi({ paths: {} }), operation()) },
});
