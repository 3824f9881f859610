/** `examples-changed`: `examples` changed */
import { kind } from "../kind.js";
import { requestChange } from "../examples.js";
import { annotationEdit } from "./edit.js";

export default kind({
  id: "examples-changed",
  family: "annotation",
  direction: "none",
  level: "compatible",
  doc: "`examples` changed",
  detect: { on: "edit", find: (e) => annotationEdit(e, "examples", "examples-changed") },
  describe: (d) => `the examples ${d.subject}`,
  examples: {
    fires: requestChange({ type: "string", examples: ["a"] }, { type: "string", examples: ["b"] }),
    quiet: requestChange({ type: "string", examples: ["a"] }, { type: "string", examples: ["a"], minLength: 0 }),
  },
});
