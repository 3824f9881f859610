/** `open-property-added`: an open object names a member it left to `additionalProperties` before: values it let through there may be refused (decision 176) */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "open-property-added",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "an open object names a member it left to `additionalProperties` before: values it let through there may be refused (decision 176)",
  opposite: "open-property-removed",
  detect: { on: "difference", matches: (v) => v.introduced === "added" },
  describe: (d) => `${where(d)} now has a schema of its own where the object took any value`,
  examples: {
    fires: requestChange({ type: "object", properties: {} }, { type: "object", properties: { a: { type: "string" } } }),
    quiet: requestChange({ type: "object", properties: {} }, { type: "object", properties: {}, required: [] }),
  },
});
