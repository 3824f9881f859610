/** `summary-changed`: a summary was added, edited or removed */
import { kind } from "../kind.js";
import { requestChange } from "../examples.js";
import { annotationEdit } from "./edit.js";

export default kind({
  id: "summary-changed",
  family: "annotation",
  direction: "none",
  level: "compatible",
  doc: "a summary was added, edited or removed",
  detect: { on: "edit", find: (e) => annotationEdit(e, "summary", "summary-changed") },
  describe: (d) => `the summary ${d.subject}`,
  examples: {
    fires: requestChange({ type: "string", summary: "a" }, { type: "string", summary: "b" }),
    quiet: requestChange({ type: "string", summary: "a" }, { type: "string", summary: "a", minLength: 0 }),
  },
});
