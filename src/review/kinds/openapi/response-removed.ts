/** `response-removed`: a documented response status is gone. */
import { kind } from "../kind.js";
import { operation, pair } from "../examples.js";
import { sharedOperations } from "../../openapi-changes.js";
import { escapeToken } from "../../../json/index.js";

const two = operation({ responses: { "200": { description: "ok" }, "404": { description: "missing" } } });
const one = operation({ responses: { "200": { description: "ok" } } });

export default kind({
  id: "response-removed",
  family: "openapi",
  direction: "response",
  level: "breaking",
  doc: "a documented response status is gone; clients handling it lose its contract",
  opposite: "response-added",
  detect: {
    on: "models",
    find: (p) =>
      sharedOperations(p).flatMap((op) =>
        [...op.old.statuses]
          .filter((s) => !op.new.statuses.has(s))
          .map((status) => ({
            kind: "response-removed",
            verdict: "breaking" as const,
            direction: op.received,
            path: `${op.old.path}/responses/${escapeToken(status)}`,
            gone: true,
            subject: status,
            evidence: `${op.key}: response ${status} is no longer documented; clients handling it lose its contract (no payload can show it)`,
            reaches: [op.reach(`response ${status}`)],
          })),
      ),
  },
  describe: (d) => `response ${d.subject} is no longer documented`,
  examples: { fires: pair(two, one), quiet: pair(one, two) },
});
