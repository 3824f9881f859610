/** `deprecated`: something was marked deprecated. */
import { kind } from "../kind.js";
import { operation, pair } from "../examples.js";
import { short } from "../../schema/containment.js";

export default kind({
  id: "deprecated",
  family: "annotation",
  direction: "none",
  level: "compatible",
  doc: "something was marked deprecated",
  opposite: "undeprecated",
  detect: {
    on: "edit",
    find: (e) =>
      e.keyword === "deprecated" && e.new === true
        ? [
            {
              kind: "deprecated",
              verdict: "compatible",
              direction: "none",
              path: `#${e.pointer}`,
              evidence: `deprecated ${short(e.old)} -> ${short(e.new)}`,
              reaches: [],
            },
          ]
        : [],
  },
  describe: () => "marked deprecated",
  examples: {
    fires: pair(operation({ deprecated: false }), operation({ deprecated: true })),
    quiet: pair(operation({ deprecated: true }), operation({ deprecated: false })),
  },
});
