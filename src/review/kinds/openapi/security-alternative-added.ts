/** `security-alternative-added`: a new way to authenticate is accepted. */
import { kind } from "../kind.js";
import { operation, pair } from "../examples.js";
import { covers, sharedOperations, shownAlternative } from "../../openapi-changes.js";

const one = { components: { securitySchemes: { k: { type: "http", scheme: "basic" } } } };
const two = {
  components: { securitySchemes: { k: { type: "http", scheme: "basic" }, o: { type: "http", scheme: "bearer" } } },
};

export default kind({
  id: "security-alternative-added",
  family: "openapi",
  direction: "request",
  level: "compatible",
  doc: "a new way to authenticate is accepted",
  opposite: "security-requirement-added",
  detect: {
    on: "models",
    find: (p) =>
      sharedOperations(p).flatMap((op) =>
        op.new.security
          .filter((alt) => !op.old.security.some((a) => covers(a, alt) && covers(alt, a)))
          .map((alt) => ({
            kind: "security-alternative-added",
            verdict: "compatible" as const,
            direction: op.sent,
            path: op.new.securityPath,
            subject: shownAlternative(alt),
            evidence: `${op.key}: a new way to authenticate is accepted`,
            reaches: [op.reach("security")],
          })),
      ),
  },
  describe: (d) => `clients may now authenticate with ${d.subject}`,
  examples: {
    fires: pair(operation({ security: [{ k: [] }] }, one), operation({ security: [{ k: [] }, { o: [] }] }, two)),
    quiet: pair(operation({ security: [{ k: [] }] }, one), operation({ security: [{ k: [] }] }, one)),
  },
});
