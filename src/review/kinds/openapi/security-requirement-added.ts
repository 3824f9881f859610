/** `security-requirement-added`: a client meeting an old security alternative meets no new one. */
import { kind } from "../kind.js";
import { operation, pair } from "../examples.js";
import { covers, sharedOperations, shownAlternative } from "../../openapi-changes.js";

const schemes = { components: { securitySchemes: { k: { type: "http", scheme: "basic" } } } };

export default kind({
  id: "security-requirement-added",
  family: "openapi",
  direction: "request",
  level: "breaking",
  doc: "a client meeting an old security alternative meets no new one (new scheme or scope)",
  opposite: "security-alternative-added",
  detect: {
    on: "models",
    find: (p) =>
      sharedOperations(p).flatMap((op) =>
        op.old.security
          .filter((alt) => !op.new.security.some((b) => covers(alt, b)))
          .map((alt) => ({
            kind: "security-requirement-added",
            verdict: "breaking" as const,
            direction: op.sent,
            path: op.new.securityPath,
            subject: shownAlternative(alt),
            evidence: `${op.key}: a client using ${shownAlternative(alt)} no longer meets any requirement (${op.new.security.map(shownAlternative).join(" | ")})`,
            reaches: [op.reach("security")],
          })),
      ),
  },
  describe: (d) => `a client using ${d.subject} is no longer let in`,
  examples: {
    fires: pair(operation({}, schemes), operation({ security: [{ k: [] }] }, schemes)),
    quiet: pair(operation({ security: [{ k: [] }] }, schemes), operation({}, schemes)),
  },
});
