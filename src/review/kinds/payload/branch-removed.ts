/** `branch-removed`: values only a removed `oneOf`/`anyOf` branch allowed are refused */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";
import { typeWords } from "./views.js";

export default kind({
  id: "branch-removed",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "values only a removed `oneOf`/`anyOf` branch allowed are refused",
  opposite: "branch-added",
  detect: { on: "difference", matches: (v) => v.aspect === "branch" && v.narrowed },
  describe: (d) => `${where(d)} lost the union branch that allowed ${d.subject ? typeWords(d.subject) : "some values"}`,
  examples: {
    fires: requestChange({ anyOf: [{ type: "string" }, { type: "integer" }] }, { anyOf: [{ type: "string" }] }),
    quiet: requestChange({ anyOf: [{ type: "string" }] }, { anyOf: [{ type: "string" }, { type: "integer" }] }),
  },
});
