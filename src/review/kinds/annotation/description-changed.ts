/** `description-changed`: a description was added, edited or removed */
import { kind } from "../kind.js";
import { requestChange } from "../examples.js";
import { annotationEdit } from "./edit.js";

export default kind({
  id: "description-changed",
  family: "annotation",
  direction: "none",
  level: "compatible",
  doc: "a description was added, edited or removed",
  detect: { on: "edit", find: (e) => annotationEdit(e, "description", "description-changed") },
  describe: (d) => `the description ${d.subject}`,
  examples: {
    fires: requestChange({ type: "string", description: "a" }, { type: "string", description: "b" }),
    quiet: requestChange({ type: "string", description: "a" }, { type: "string", description: "a", minLength: 0 }),
  },
});
