/** `pattern-relaxed`: a `pattern` is removed */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "pattern-relaxed",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "a `pattern` is removed",
  opposite: "pattern-tightened",
  detect: { on: "difference", matches: (v) => v.aspect === "pattern" && !v.narrowed },
  describe: (d) => `${where(d)} no longer has to match a pattern`,
  examples: {
    fires: requestChange({ type: "string", pattern: "^a" }, { type: "string" }),
    quiet: requestChange({ type: "string" }, { type: "string", pattern: "^a" }),
  },
});
