/** `min-items-raised`: `minItems` grows */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "min-items-raised",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "`minItems` grows",
  opposite: "min-items-lowered",
  detect: { on: "difference", matches: (v) => v.aspect === "min-items" && v.narrowed },
  describe: (d) => `${where(d)} must now have more items`,
  examples: {
    fires: requestChange({ type: "array", minItems: 1 }, { type: "array", minItems: 3 }),
    quiet: requestChange({ type: "array", minItems: 3 }, { type: "array", minItems: 1 }),
  },
});
