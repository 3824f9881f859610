/** `unique-items-added`: `uniqueItems` becomes true */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "unique-items-added",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "`uniqueItems` becomes true",
  opposite: "unique-items-removed",
  detect: { on: "difference", matches: (v) => v.aspect === "unique-items" && v.narrowed },
  describe: (d) => `${where(d)} may no longer repeat items`,
  examples: {
    fires: requestChange({ type: "array" }, { type: "array", uniqueItems: true }),
    quiet: requestChange({ type: "array", uniqueItems: true }, { type: "array" }),
  },
});
