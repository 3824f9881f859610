/** `pattern-changed`: a `pattern` is replaced by another that does not contain it (decided by the two patterns' inclusion, decision 276) */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "pattern-changed",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "a `pattern` is replaced by another that does not contain it (decided by the two patterns' inclusion, decision 276)",
  detect: { on: "difference", matches: (v) => v.aspect === "pattern" && !v.certain },
  describe: (d) => `${where(d)} must match another pattern`,
  examples: {
    fires: requestChange({ type: "string", pattern: "^a" }, { type: "string", pattern: "^b" }),
    quiet: requestChange({ type: "string", pattern: "^a" }, { type: "string", pattern: "^a", minLength: 0 }),
  },
});
