/** `min-length-lowered`: `minLength` shrinks */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "min-length-lowered",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "`minLength` shrinks",
  opposite: "min-length-raised",
  detect: { on: "difference", matches: (v) => v.aspect === "min-length" && !v.narrowed },
  describe: (d) => `${where(d)} may now have fewer characters`,
  examples: {
    fires: requestChange({ type: "string", minLength: 3 }, { type: "string", minLength: 1 }),
    quiet: requestChange({ type: "string", minLength: 1 }, { type: "string", minLength: 3 }),
  },
});
