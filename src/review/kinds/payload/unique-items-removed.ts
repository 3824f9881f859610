/** `unique-items-removed`: `uniqueItems` is dropped */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "unique-items-removed",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "`uniqueItems` is dropped",
  opposite: "unique-items-added",
  detect: { on: "difference", matches: (v) => v.aspect === "unique-items" && !v.narrowed },
  describe: (d) => `${where(d)} may now repeat items`,
  examples: {
    fires: requestChange({ type: "array", uniqueItems: true }, { type: "array" }),
    quiet: requestChange({ type: "array" }, { type: "array", uniqueItems: true }),
  },
});
