/** `enum-value-added`: a value is newly allowed by an `enum` */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "enum-value-added",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "a value is newly allowed by an `enum`",
  opposite: "enum-value-removed",
  detect: { on: "difference", matches: (v) => v.aspect === "enum" && !v.narrowed },
  describe: (d) => `${where(d)}: the value ${d.subject ?? "(any)"} is newly allowed`,
  examples: {
    fires: requestChange({ enum: ["a"] }, { enum: ["a", "b"] }),
    quiet: requestChange({ enum: ["a", "b"] }, { enum: ["a"] }),
  },
});
