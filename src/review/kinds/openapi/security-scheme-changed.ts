/** `security-scheme-changed`: a security scheme sends or obtains its credential differently. */
import { kind } from "../kind.js";
import { operation, pair } from "../examples.js";
import { essentialScheme, sharedOperations } from "../../openapi-changes.js";
import { escapeToken } from "../../../json/index.js";

const key = (name: string) =>
  operation(
    { security: [{ k: [] }] },
    { components: { securitySchemes: { k: { type: "apiKey", in: "header", name } } } },
  );

export default kind({
  id: "security-scheme-changed",
  family: "openapi",
  direction: "request",
  level: "breaking",
  doc: "a security scheme sends or obtains its credential differently",
  detect: {
    on: "models",
    find: (p) => {
      const so = p.old.openapi?.schemes ?? {};
      const sn = p.new_.openapi?.schemes ?? {};
      const ops = sharedOperations(p);
      const changed = new Set<string>();
      for (const op of ops)
        for (const scheme of new Set([...op.old.security, ...op.new.security].flatMap((a) => Object.keys(a)))) {
          const a = so[scheme];
          const b = sn[scheme];
          if (a && b && essentialScheme(a) !== essentialScheme(b)) changed.add(scheme);
        }
      return [...changed].map((scheme) => ({
        kind: "security-scheme-changed",
        verdict: "breaking" as const,
        direction: "request" as const,
        path: `#/components/securitySchemes/${escapeToken(scheme)}`,
        subject: scheme,
        evidence: `security scheme "${scheme}" changed how credentials are sent or obtained`,
        reaches: ops
          .filter((op) => op.new.security.some((a) => Object.hasOwn(a, scheme)))
          .map((op) => op.reach("security")),
      }));
    },
  },
  describe: (d) => `security scheme \`${d.subject}\` sends or obtains its credential differently`,
  examples: { fires: pair(key("X-Key"), key("X-Token")), quiet: pair(key("X-Key"), key("x-key")) },
});
