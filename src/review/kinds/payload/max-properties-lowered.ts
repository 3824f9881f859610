/** `max-properties-lowered`: `maxProperties` shrinks */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "max-properties-lowered",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "`maxProperties` shrinks",
  opposite: "max-properties-raised",
  detect: { on: "difference", matches: (v) => v.aspect === "max-properties" && v.narrowed },
  describe: (d) => `${where(d)} may now have fewer members at most`,
  examples: {
    fires: requestChange({ type: "object", maxProperties: 3 }, { type: "object", maxProperties: 1 }),
    quiet: requestChange({ type: "object", maxProperties: 1 }, { type: "object", maxProperties: 3 }),
  },
});
