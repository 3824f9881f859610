/** `max-length-raised`: `maxLength` grows */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "max-length-raised",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "`maxLength` grows",
  opposite: "max-length-lowered",
  detect: { on: "difference", matches: (v) => v.aspect === "max-length" && !v.narrowed },
  describe: (d) => `${where(d)} may now have more characters`,
  examples: {
    fires: requestChange({ type: "string", maxLength: 1 }, { type: "string", maxLength: 3 }),
    quiet: requestChange({ type: "string", maxLength: 3 }, { type: "string", maxLength: 1 }),
  },
});
