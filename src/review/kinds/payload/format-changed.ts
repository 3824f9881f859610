/** `format-changed`: a `format` is replaced by another */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "format-changed",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "a `format` is replaced by another",
  detect: { on: "difference", matches: (v) => v.aspect === "format" && !v.certain },
  describe: (d) => `${where(d)} must have another format`,
  examples: {
    fires: requestChange({ type: "string", format: "email" }, { type: "string", format: "uuid" }),
    quiet: requestChange({ type: "string", format: "email" }, { type: "string" }),
  },
});
