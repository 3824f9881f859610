/** `min-properties-raised`: `minProperties` grows */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "min-properties-raised",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "`minProperties` grows",
  opposite: "min-properties-lowered",
  detect: { on: "difference", matches: (v) => v.aspect === "min-properties" && v.narrowed },
  describe: (d) => `${where(d)} must now have more members`,
  examples: {
    fires: requestChange({ type: "object", minProperties: 1 }, { type: "object", minProperties: 3 }),
    quiet: requestChange({ type: "object", minProperties: 3 }, { type: "object", minProperties: 1 }),
  },
});
