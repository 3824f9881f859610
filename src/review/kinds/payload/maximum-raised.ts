/** `maximum-raised`: the upper bound grows */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "maximum-raised",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "the upper bound grows",
  opposite: "maximum-lowered",
  detect: { on: "difference", matches: (v) => v.aspect === "maximum" && !v.narrowed },
  describe: (d) => `${where(d)} may now be larger`,
  examples: {
    fires: requestChange({ type: "integer", maximum: 1 }, { type: "integer", maximum: 3 }),
    quiet: requestChange({ type: "integer", maximum: 3 }, { type: "integer", maximum: 1 }),
  },
});
