/** `multiple-of-tightened`: `multipleOf` no longer divides the old one */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "multiple-of-tightened",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "`multipleOf` no longer divides the old one",
  opposite: "multiple-of-relaxed",
  detect: { on: "difference", matches: (v) => v.aspect === "multiple-of" && v.narrowed },
  describe: (d) => `${where(d)} must now be a multiple of another number`,
  examples: {
    fires: requestChange({ type: "integer", multipleOf: 2 }, { type: "integer", multipleOf: 4 }),
    quiet: requestChange({ type: "integer", multipleOf: 4 }, { type: "integer", multipleOf: 2 }),
  },
});
