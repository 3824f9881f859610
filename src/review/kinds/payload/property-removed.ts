/** `property-removed`: a member is no longer allowed (closed object) */
import { kind } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "property-removed",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "a member is no longer allowed (closed object)",
  opposite: "property-added",
  detect: { on: "difference", matches: (v) => v.aspect === "property" && v.narrowed },
  describe: (d) => `\`${d.subject}\` is no longer allowed`,
  examples: {
    fires: requestChange(
      { type: "object", properties: { a: { type: "string" } }, additionalProperties: false },
      { type: "object", properties: {}, additionalProperties: false },
    ),
    quiet: requestChange(
      { type: "object", properties: {}, additionalProperties: false },
      { type: "object", properties: { a: { type: "string" } }, additionalProperties: false },
    ),
  },
});
