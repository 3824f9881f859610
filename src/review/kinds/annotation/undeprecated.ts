/** `undeprecated`: a deprecation was lifted. */
import { kind } from "../kind.js";
import { operation, pair } from "../examples.js";
import { short } from "../../schema/containment.js";

export default kind({
  id: "undeprecated",
  family: "annotation",
  direction: "none",
  level: "compatible",
  doc: "a deprecation was lifted",
  opposite: "deprecated",
  detect: {
    on: "edit",
    find: (e) =>
      e.keyword === "deprecated" && e.new !== true
        ? [
            {
              kind: "undeprecated",
              verdict: "compatible",
              direction: "none",
              path: `#${e.pointer}`,
              gone: e.new === undefined,
              evidence: `deprecated ${short(e.old)} -> ${short(e.new)}`,
              reaches: [],
            },
          ]
        : [],
  },
  describe: () => "no longer deprecated",
  examples: {
    fires: pair(operation({ deprecated: true }), operation({ deprecated: false })),
    quiet: pair(operation({ deprecated: false }), operation({ deprecated: true })),
  },
});
