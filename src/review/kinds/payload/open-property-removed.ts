/** `open-property-removed`: an open object no longer names a member: any value may appear there now (decision 176) */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "open-property-removed",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "an open object no longer names a member: any value may appear there now (decision 176)",
  opposite: "open-property-added",
  detect: { on: "difference", matches: (v) => v.introduced === "removed" },
  describe: (d) => `${where(d)} no longer has a schema of its own: any value may appear there`,
  examples: {
    fires: requestChange({ type: "object", properties: { a: { type: "string" } } }, { type: "object", properties: {} }),
    quiet: requestChange(
      { type: "object", properties: { a: { type: "string" } } },
      { type: "object", properties: { a: { type: "string" }, b: {} } },
    ),
  },
});
