/** `format-relaxed`: a `format` is removed */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "format-relaxed",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "a `format` is removed",
  opposite: "format-tightened",
  detect: { on: "difference", matches: (v) => v.aspect === "format" && !v.narrowed },
  describe: (d) => `${where(d)} no longer has to have a format`,
  examples: {
    fires: requestChange({ type: "string", format: "email" }, { type: "string" }),
    quiet: requestChange({ type: "string" }, { type: "string", format: "email" }),
  },
});
