/** `comment-changed`: a `$comment` was added, edited or removed */
import { kind } from "../kind.js";
import { requestChange } from "../examples.js";
import { annotationEdit } from "./edit.js";

export default kind({
  id: "comment-changed",
  family: "annotation",
  direction: "none",
  level: "compatible",
  doc: "a `$comment` was added, edited or removed",
  detect: { on: "edit", find: (e) => annotationEdit(e, "$comment", "comment-changed") },
  describe: (d) => `a comment ${d.subject}`,
  examples: {
    fires: requestChange({ type: "string", $comment: "a" }, { type: "string", $comment: "b" }),
    quiet: requestChange({ type: "string", $comment: "a" }, { type: "string", $comment: "a", minLength: 0 }),
  },
});
