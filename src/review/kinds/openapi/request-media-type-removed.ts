/** `request-media-type-removed`: a request media type is no longer accepted. */
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
  id: "request-media-type-removed",
  family: "openapi",
  direction: "surface",
  level: "breaking",
  doc: "a request media type is no longer accepted",
  opposite: "request-media-type-added",
  detect: {
    on: "models",
    find: (p) =>
      p
        .ownedSurfacesOnlyIn("old")
        .filter((s) => s.role === "body")
        .map((s) => ({
          kind: "request-media-type-removed",
          verdict: "breaking" as const,
          direction: s.direction,
          path: s.path,
          gone: true,
          subject: s.key.split(":").pop(),
          evidence: `${s.key.split(":").pop()} request bodies are no longer accepted`,
          reaches: [s.reach],
        })),
  },
  describe: (d) => `${d.subject} request bodies are no longer accepted`,
  examples: { fires: pair(both, one), quiet: pair(one, both) },
});
