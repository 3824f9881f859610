/** `request-media-type-added`: a new request media type is accepted. */
import { kind } from "../kind.js";
import { operation, pair } from "../examples.js";

const both = operation(
  { requestBody: { content: { "application/json": { schema: {} }, "text/plain": { schema: {} } } } },
  {},
  "/a",
  "post",
);
const one = operation({ requestBody: { content: { "application/json": { schema: {} } } } }, {}, "/a", "post");

export default kind({
  id: "request-media-type-added",
  family: "openapi",
  direction: "surface",
  level: "compatible",
  doc: "a new request media type is accepted",
  opposite: "request-media-type-removed",
  detect: {
    on: "models",
    find: (p) =>
      p
        .ownedSurfacesOnlyIn("new")
        .filter((s) => s.role === "body")
        .map((s) => ({
          kind: "request-media-type-added",
          verdict: "compatible" as const,
          direction: s.direction,
          path: s.path,
          subject: s.key.split(":").pop(),
          evidence: "a new request media type is accepted",
          reaches: [s.reach],
        })),
  },
  describe: (d) => `${d.subject} request bodies are now accepted`,
  examples: { fires: pair(one, both), quiet: pair(both, one) },
});
