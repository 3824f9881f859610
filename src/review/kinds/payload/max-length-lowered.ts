/** `max-length-lowered`: `maxLength` shrinks */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "max-length-lowered",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "`maxLength` shrinks",
  opposite: "max-length-raised",
  detect: { on: "difference", matches: (v) => v.aspect === "max-length" && v.narrowed },
  describe: (d) => `${where(d)} may now have fewer characters at most`,
  examples: {
    fires: requestChange({ type: "string", maxLength: 3 }, { type: "string", maxLength: 1 }),
    quiet: requestChange({ type: "string", maxLength: 1 }, { type: "string", maxLength: 3 }),
  },
});
