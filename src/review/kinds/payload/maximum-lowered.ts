/** `maximum-lowered`: the upper bound shrinks (or becomes exclusive) */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "maximum-lowered",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "the upper bound shrinks (or becomes exclusive)",
  opposite: "maximum-raised",
  detect: { on: "difference", matches: (v) => v.aspect === "maximum" && v.narrowed },
  describe: (d) => `${where(d)} must now be smaller`,
  examples: {
    fires: requestChange({ type: "integer", maximum: 3 }, { type: "integer", maximum: 1 }),
    quiet: requestChange({ type: "integer", maximum: 1 }, { type: "integer", maximum: 3 }),
  },
});
