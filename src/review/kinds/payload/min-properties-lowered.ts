/** `min-properties-lowered`: `minProperties` shrinks */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "min-properties-lowered",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "`minProperties` shrinks",
  opposite: "min-properties-raised",
  detect: { on: "difference", matches: (v) => v.aspect === "min-properties" && !v.narrowed },
  describe: (d) => `${where(d)} may now have fewer members`,
  examples: {
    fires: requestChange({ type: "object", minProperties: 3 }, { type: "object", minProperties: 1 }),
    quiet: requestChange({ type: "object", minProperties: 1 }, { type: "object", minProperties: 3 }),
  },
});
