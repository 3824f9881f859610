/** `constraint-changed`: a keyword the structural pass decides only by sufficient conditions (`not`, `if`, `dependentSchemas`, `patternProperties`, `propertyNames`...) changed */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "constraint-changed",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "a keyword the structural pass decides only by sufficient conditions (`not`, `if`, `dependentSchemas`, `patternProperties`, `propertyNames`...) changed",
  detect: { on: "difference", matches: (v) => v.aspect === "keyword" },
  describe: (d) => `${where(d)}: \`${d.subject ?? "a keyword"}\` changed`,
  examples: {
    fires: requestChange({ type: "object" }, { type: "object", dependentRequired: { a: ["b"] } }),
    quiet: requestChange(
      { type: "object", dependentRequired: { a: ["b"] } },
      { type: "object", dependentRequired: { a: ["b"] }, minProperties: 0 },
    ),
  },
});
