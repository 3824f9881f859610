/** `property-added`: a member is newly allowed */
import { kind } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "property-added",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "a member is newly allowed",
  opposite: "property-removed",
  detect: { on: "difference", matches: (v) => v.aspect === "property" && !v.narrowed },
  describe: (d) => `\`${d.subject}\` is newly allowed`,
  examples: {
    fires: requestChange(
      { type: "object", properties: {}, additionalProperties: false },
      { type: "object", properties: { a: { type: "string" } }, additionalProperties: false },
    ),
    quiet: requestChange(
      { type: "object", properties: { a: { type: "string" } }, additionalProperties: false },
      { type: "object", properties: {}, additionalProperties: false },
    ),
  },
});
