/** `max-items-lowered`: `maxItems` shrinks */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "max-items-lowered",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "`maxItems` shrinks",
  opposite: "max-items-raised",
  detect: { on: "difference", matches: (v) => v.aspect === "max-items" && v.narrowed },
  describe: (d) => `${where(d)} may now have fewer items at most`,
  examples: {
    fires: requestChange({ type: "array", maxItems: 3 }, { type: "array", maxItems: 1 }),
    quiet: requestChange({ type: "array", maxItems: 1 }, { type: "array", maxItems: 3 }),
  },
});
