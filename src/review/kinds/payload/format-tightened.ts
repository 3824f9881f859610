/** `format-tightened`: a `format` is added */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "format-tightened",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "a `format` is added",
  opposite: "format-relaxed",
  detect: { on: "difference", matches: (v) => v.aspect === "format" && v.narrowed },
  describe: (d) => `${where(d)} must now have the format ${d.subject ?? ""}`,
  examples: {
    fires: requestChange({ type: "string" }, { type: "string", format: "email" }),
    quiet: requestChange({ type: "string", format: "email" }, { type: "string" }),
  },
});
