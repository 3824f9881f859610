/** `required-added`: a member is newly required */
import { kind } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "required-added",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "a member is newly required",
  opposite: "required-removed",
  detect: { on: "difference", matches: (v) => v.aspect === "required" && v.narrowed },
  describe: (d) => `\`${d.subject}\` is now required`,
  examples: {
    fires: requestChange(
      { type: "object", properties: { a: { type: "string" } } },
      { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
    ),
    quiet: requestChange(
      { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
      { type: "object", properties: { a: { type: "string" } } },
    ),
  },
});
