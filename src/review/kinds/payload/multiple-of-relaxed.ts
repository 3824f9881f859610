/** `multiple-of-relaxed`: `multipleOf` is removed or divides the old one */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "multiple-of-relaxed",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "`multipleOf` is removed or divides the old one",
  opposite: "multiple-of-tightened",
  detect: { on: "difference", matches: (v) => v.aspect === "multiple-of" && !v.narrowed },
  describe: (d) => `${where(d)} may now be a multiple of a smaller number`,
  examples: {
    fires: requestChange({ type: "integer", multipleOf: 4 }, { type: "integer", multipleOf: 2 }),
    quiet: requestChange({ type: "integer", multipleOf: 2 }, { type: "integer", multipleOf: 4 }),
  },
});
