/** `schema-narrowed`: a schema accepts nothing where it accepted values */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "schema-narrowed",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "a schema accepts nothing where it accepted values",
  opposite: "schema-widened",
  detect: { on: "difference", matches: (v) => v.aspect === "schema" && v.narrowed },
  describe: (d) => `${where(d)} accepts no value any more`,
  examples: {
    fires: requestChange(
      { type: "object", properties: { a: { type: "string" } } },
      { type: "object", properties: { a: false } },
    ),
    quiet: requestChange(
      { type: "object", properties: { a: false } },
      { type: "object", properties: { a: { type: "string" } } },
    ),
  },
});
