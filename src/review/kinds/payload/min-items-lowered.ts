/** `min-items-lowered`: `minItems` shrinks */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "min-items-lowered",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "`minItems` shrinks",
  opposite: "min-items-raised",
  detect: { on: "difference", matches: (v) => v.aspect === "min-items" && !v.narrowed },
  describe: (d) => `${where(d)} may now have fewer items`,
  examples: {
    fires: requestChange({ type: "array", minItems: 3 }, { type: "array", minItems: 1 }),
    quiet: requestChange({ type: "array", minItems: 1 }, { type: "array", minItems: 3 }),
  },
});
