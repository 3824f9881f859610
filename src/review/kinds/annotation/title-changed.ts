/** `title-changed`: a title was added, edited or removed */
import { kind } from "../kind.js";
import { requestChange } from "../examples.js";
import { annotationEdit } from "./edit.js";

export default kind({
  id: "title-changed",
  family: "annotation",
  direction: "none",
  level: "compatible",
  doc: "a title was added, edited or removed",
  detect: { on: "edit", find: (e) => annotationEdit(e, "title", "title-changed") },
  describe: (d) => `the title ${d.subject}`,
  examples: {
    fires: requestChange({ type: "string", title: "a" }, { type: "string", title: "b" }),
    quiet: requestChange({ type: "string", title: "a" }, { type: "string", title: "a", minLength: 0 }),
  },
});
