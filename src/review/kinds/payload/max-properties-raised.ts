/** `max-properties-raised`: `maxProperties` grows */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "max-properties-raised",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "`maxProperties` grows",
  opposite: "max-properties-lowered",
  detect: { on: "difference", matches: (v) => v.aspect === "max-properties" && !v.narrowed },
  describe: (d) => `${where(d)} may now have more members`,
  examples: {
    fires: requestChange({ type: "object", maxProperties: 1 }, { type: "object", maxProperties: 3 }),
    quiet: requestChange({ type: "object", maxProperties: 3 }, { type: "object", maxProperties: 1 }),
  },
});
