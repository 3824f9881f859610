/** `minimum-lowered`: the lower bound shrinks */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "minimum-lowered",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "the lower bound shrinks",
  opposite: "minimum-raised",
  detect: { on: "difference", matches: (v) => v.aspect === "minimum" && !v.narrowed },
  describe: (d) => `${where(d)} may now be smaller`,
  examples: {
    fires: requestChange({ type: "integer", minimum: 3 }, { type: "integer", minimum: 1 }),
    quiet: requestChange({ type: "integer", minimum: 1 }, { type: "integer", minimum: 3 }),
  },
});
