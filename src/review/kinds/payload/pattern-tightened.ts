/** `pattern-tightened`: a `pattern` is added */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "pattern-tightened",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "a `pattern` is added",
  opposite: "pattern-relaxed",
  detect: { on: "difference", matches: (v) => v.aspect === "pattern" && v.narrowed },
  describe: (d) => `${where(d)} must now match the pattern ${d.subject ?? ""}`,
  examples: {
    fires: requestChange({ type: "string" }, { type: "string", pattern: "^a" }),
    quiet: requestChange({ type: "string", pattern: "^a" }, { type: "string" }),
  },
});
