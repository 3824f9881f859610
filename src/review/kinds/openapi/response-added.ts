/** `response-added`: a new response status a client may now receive. */
import { kind } from "../kind.js";
import { operation, pair } from "../examples.js";
import { sharedOperations } from "../../openapi-changes.js";
import { escapeToken } from "../../../json/index.js";

const two = operation({ responses: { "200": { description: "ok" }, "404": { description: "missing" } } });
const one = operation({ responses: { "200": { description: "ok" } } });

export default kind({
  id: "response-added",
  family: "openapi",
  direction: "response",
  level: "needs-review",
  doc: "a new response status a client may now receive",
  opposite: "response-removed",
  detect: {
    on: "models",
    find: (p) =>
      sharedOperations(p).flatMap((op) =>
        [...op.new.statuses]
          .filter((s) => !op.old.statuses.has(s))
          .map((status) => ({
            kind: "response-added",
            verdict: "needs-review" as const,
            direction: op.received,
            path: `${op.new.path}/responses/${escapeToken(status)}`,
            subject: status,
            evidence: `${op.key}: a new response ${status} a client may now receive; no payload of the old contract shows it`,
            reaches: [op.reach(`response ${status}`)],
          })),
      ),
  },
  describe: (d) => `a new response ${d.subject} may now be received`,
  examples: { fires: pair(one, two), quiet: pair(two, one) },
});
