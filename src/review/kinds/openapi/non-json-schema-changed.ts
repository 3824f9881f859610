/** `non-json-schema-changed`: the schema of a non-JSON media type changed. */
import { kind } from "../kind.js";
import { operation, pair } from "../examples.js";

const xml = (schema: unknown) =>
  operation({ requestBody: { content: { "application/xml": { schema } } } }, {}, "/a", "post");

export default kind({
  id: "non-json-schema-changed",
  family: "openapi",
  direction: "surface",
  level: "needs-review",
  doc: "the schema of a non-JSON media type (XML, form, text) changed; not judged with JSON payloads",
  detect: { on: "surface", matches: (o) => o.opaque },
  describe: () => "the schema of a non-JSON body changed",
  examples: {
    fires: pair(xml({ type: "string" }), xml({ type: "integer" })),
    quiet: pair(xml({ type: "string" }), xml({ type: "string" })),
  },
});
