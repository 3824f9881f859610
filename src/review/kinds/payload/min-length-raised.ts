/** `min-length-raised`: `minLength` grows */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "min-length-raised",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "`minLength` grows",
  opposite: "min-length-lowered",
  detect: { on: "difference", matches: (v) => v.aspect === "min-length" && v.narrowed },
  describe: (d) => `${where(d)} must now have more characters`,
  examples: {
    fires: requestChange({ type: "string", minLength: 1 }, { type: "string", minLength: 3 }),
    quiet: requestChange({ type: "string", minLength: 3 }, { type: "string", minLength: 1 }),
  },
});
