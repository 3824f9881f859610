/** `additional-properties-restricted`: members the schema does not name are refused or constrained */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "additional-properties-restricted",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "members the schema does not name are refused or constrained",
  opposite: "additional-properties-relaxed",
  detect: { on: "difference", matches: (v) => v.aspect === "additional-properties" && v.narrowed },
  describe: (d) => `${where(d)} no longer accepts members it does not name`,
  examples: {
    fires: requestChange({ type: "object" }, { type: "object", additionalProperties: false }),
    quiet: requestChange({ type: "object", additionalProperties: false }, { type: "object" }),
  },
});
