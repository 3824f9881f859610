/** `branch-added`: a new `oneOf`/`anyOf` branch allows more values */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";
import { typeWords } from "./views.js";

export default kind({
  id: "branch-added",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "a new `oneOf`/`anyOf` branch allows more values",
  opposite: "branch-removed",
  detect: { on: "difference", matches: (v) => v.aspect === "branch" && !v.narrowed },
  describe: (d) => `${where(d)} gained a union branch that allows ${d.subject ? typeWords(d.subject) : "more values"}`,
  examples: {
    fires: requestChange({ anyOf: [{ type: "string" }] }, { anyOf: [{ type: "string" }, { type: "integer" }] }),
    quiet: requestChange({ anyOf: [{ type: "string" }, { type: "integer" }] }, { anyOf: [{ type: "string" }] }),
  },
});
