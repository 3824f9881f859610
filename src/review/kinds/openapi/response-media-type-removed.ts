/** `response-media-type-removed`: a response media type of a kept status is gone. */
import { kind } from "../kind.js";
import { operation, pair } from "../examples.js";

const two = operation({
  responses: {
    "200": { description: "ok", content: { "application/json": { schema: {} }, "text/csv": { schema: {} } } },
  },
});
const one = operation({ responses: { "200": { description: "ok", content: { "application/json": { schema: {} } } } } });

export default kind({
  id: "response-media-type-removed",
  family: "openapi",
  direction: "response",
  level: "breaking",
  doc: "a response media type of a kept status is gone",
  opposite: "response-media-type-added",
  detect: {
    on: "models",
    find: (p) =>
      p
        .ownedSurfacesOnlyIn("old")
        .filter((s) => s.role === "response" && p.statusIn(s, p.new_))
        .map((s) => ({
          kind: "response-media-type-removed",
          verdict: "breaking" as const,
          direction: s.direction,
          path: s.path,
          gone: true,
          subject: s.key.split(":").slice(4).join(":"),
          evidence: `${s.key.split(":").slice(4).join(":")} is no longer documented for this status; clients negotiating it lose its contract`,
          reaches: [s.reach],
        })),
  },
  describe: (d) => `${d.subject} responses are no longer documented for this status`,
  examples: { fires: pair(two, one), quiet: pair(one, two) },
});
