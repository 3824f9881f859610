/** `example-changed`: an OpenAPI `example` changed */
import { kind } from "../kind.js";
import { requestChange } from "../examples.js";
import { annotationEdit } from "./edit.js";

export default kind({
  id: "example-changed",
  family: "annotation",
  direction: "none",
  level: "compatible",
  doc: "an OpenAPI `example` changed",
  detect: { on: "edit", find: (e) => annotationEdit(e, "example", "example-changed") },
  describe: (d) => `the example ${d.subject}`,
  examples: {
    fires: requestChange({ type: "string", example: "a" }, { type: "string", example: "b" }),
    quiet: requestChange({ type: "string", example: "a" }, { type: "string", example: "a", minLength: 0 }),
  },
});
