/** `enum-value-removed`: a value of an `enum` (or the set of allowed values) is gone */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "enum-value-removed",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "a value of an `enum` (or the set of allowed values) is gone",
  opposite: "enum-value-added",
  detect: { on: "difference", matches: (v) => v.aspect === "enum" && v.narrowed },
  describe: (d) =>
    d.subject === undefined
      ? `${where(d)} is now limited to listed values`
      : `${where(d)}: the value ${d.subject} is no longer allowed`,
  examples: {
    fires: requestChange({ enum: ["a", "b"] }, { enum: ["a"] }),
    quiet: requestChange({ enum: ["a"] }, { enum: ["a", "b"] }),
  },
});
