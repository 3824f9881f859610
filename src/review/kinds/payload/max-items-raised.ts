/** `max-items-raised`: `maxItems` grows */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "max-items-raised",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "`maxItems` grows",
  opposite: "max-items-lowered",
  detect: { on: "difference", matches: (v) => v.aspect === "max-items" && !v.narrowed },
  describe: (d) => `${where(d)} may now have more items`,
  examples: {
    fires: requestChange({ type: "array", maxItems: 1 }, { type: "array", maxItems: 3 }),
    quiet: requestChange({ type: "array", maxItems: 3 }, { type: "array", maxItems: 1 }),
  },
});
