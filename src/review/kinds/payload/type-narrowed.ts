/** `type-narrowed`: a JSON type the old version allowed here is no longer allowed */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";
import { typeWords } from "./views.js";

export default kind({
  id: "type-narrowed",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "a JSON type the old version allowed here is no longer allowed",
  opposite: "type-widened",
  detect: { on: "difference", matches: (v) => v.aspect === "type" && v.narrowed },
  describe: (d) => `${where(d)} no longer accepts ${typeWords(d.subject)}`,
  examples: {
    fires: requestChange({ type: ["string", "integer"] }, { type: "string" }),
    quiet: requestChange({ type: "string" }, { type: ["string", "integer"] }),
  },
});
