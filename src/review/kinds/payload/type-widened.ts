/** `type-widened`: a JSON type is newly allowed here */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";
import { typeWords } from "./views.js";

export default kind({
  id: "type-widened",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "a JSON type is newly allowed here",
  opposite: "type-narrowed",
  detect: { on: "difference", matches: (v) => v.aspect === "type" && !v.narrowed },
  describe: (d) => `${where(d)} now also accepts ${typeWords(d.subject)}`,
  examples: {
    fires: requestChange({ type: "string" }, { type: ["string", "integer"] }),
    quiet: requestChange({ type: ["string", "integer"] }, { type: "string" }),
  },
});
