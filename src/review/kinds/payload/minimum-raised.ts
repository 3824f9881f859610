/** `minimum-raised`: the lower bound grows (or becomes exclusive) */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "minimum-raised",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "the lower bound grows (or becomes exclusive)",
  opposite: "minimum-lowered",
  detect: { on: "difference", matches: (v) => v.aspect === "minimum" && v.narrowed },
  describe: (d) => `${where(d)} must now be larger`,
  examples: {
    fires: requestChange({ type: "integer", minimum: 1 }, { type: "integer", minimum: 3 }),
    quiet: requestChange({ type: "integer", minimum: 3 }, { type: "integer", minimum: 1 }),
  },
});
