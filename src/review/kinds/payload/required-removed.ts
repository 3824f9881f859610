/** `required-removed`: a member is no longer required */
import { kind } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "required-removed",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "a member is no longer required",
  opposite: "required-added",
  detect: { on: "difference", matches: (v) => v.aspect === "required" && !v.narrowed },
  describe: (d) => `\`${d.subject}\` is no longer required`,
  examples: {
    fires: requestChange(
      { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
      { type: "object", properties: { a: { type: "string" } } },
    ),
    quiet: requestChange(
      { type: "object", properties: { a: { type: "string" } } },
      { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
    ),
  },
});
