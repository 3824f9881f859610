/** `const-changed`: a `const` has another value */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "const-changed",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "a `const` has another value",
  detect: { on: "difference", matches: (v) => v.aspect === "const" },
  describe: (d) => `${where(d)} has another constant value`,
  examples: {
    fires: requestChange({ const: "a" }, { const: "b" }),
    quiet: requestChange({ const: "a" }, { enum: ["a"] }),
  },
});
