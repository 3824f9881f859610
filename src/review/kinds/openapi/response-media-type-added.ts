/** `response-media-type-added`: a new response media type of an existing status. */
import { kind } from "../kind.js";
import { operation, pair } from "../examples.js";

const two = operation({
  responses: {
    "200": { description: "ok", content: { "application/json": { schema: {} }, "text/csv": { schema: {} } } },
  },
});
const one = operation({ responses: { "200": { description: "ok", content: { "application/json": { schema: {} } } } } });

export default kind({
  id: "response-media-type-added",
  family: "openapi",
  direction: "response",
  level: "needs-review",
  doc: "a new response media type of an existing status",
  opposite: "response-media-type-removed",
  detect: {
    on: "models",
    find: (p) =>
      p
        .ownedSurfacesOnlyIn("new")
        .filter((s) => s.role === "response" && p.statusIn(s, p.old))
        .map((s) => ({
          kind: "response-media-type-added",
          verdict: "needs-review" as const,
          direction: s.direction,
          path: s.path,
          subject: s.key.split(":").slice(4).join(":"),
          evidence: "a new response media type a client may now receive; no payload of the old contract shows it",
          reaches: [s.reach],
        })),
  },
  describe: (d) => `responses may now come as ${d.subject}`,
  examples: { fires: pair(one, two), quiet: pair(two, one) },
});
