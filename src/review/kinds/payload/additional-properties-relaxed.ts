/** `additional-properties-relaxed`: members the schema does not name are newly allowed */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "additional-properties-relaxed",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "members the schema does not name are newly allowed",
  opposite: "additional-properties-restricted",
  detect: { on: "difference", matches: (v) => v.aspect === "additional-properties" && !v.narrowed },
  describe: (d) => `${where(d)} now accepts members it does not name`,
  examples: {
    fires: requestChange({ type: "object", additionalProperties: false }, { type: "object" }),
    quiet: requestChange({ type: "object" }, { type: "object", additionalProperties: false }),
  },
});
