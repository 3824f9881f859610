/** `schema-widened`: a schema accepts values where it accepted none */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "schema-widened",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "a schema accepts values where it accepted none",
  opposite: "schema-narrowed",
  detect: { on: "difference", matches: (v) => v.aspect === "schema" && !v.narrowed },
  describe: (d) => `${where(d)} accepts values where it accepted none`,
  examples: {
    fires: requestChange(
      { type: "object", properties: { a: false } },
      { type: "object", properties: { a: { type: "string" } } },
    ),
    quiet: requestChange(
      { type: "object", properties: { a: { type: "string" } } },
      { type: "object", properties: { a: false } },
    ),
  },
});
