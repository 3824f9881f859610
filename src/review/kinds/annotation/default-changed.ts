/** `default-changed`: a `default` changed. */
import { kind } from "../kind.js";
import { requestChange, responseChange } from "../examples.js";
import { wireSide } from "../../engine/annotations.js";
import { short } from "../../schema/containment.js";

export default kind({
  id: "default-changed",
  family: "annotation",
  direction: "surface",
  level: "breaking",
  doc: "a `default` changed: breaking on data clients send (an omitted value now behaves differently), needs-review elsewhere",
  detect: {
    on: "edit",
    find: (e, p) => {
      if (e.keyword !== "default") return [];
      // A client that omits a value it sends now gets another behaviour; on data it receives, the meaning of an absent member shifts.
      const side = wireSide(p.new_, e.pointer);
      const breaking = side === "request" || side === "both";
      return [
        {
          kind: "default-changed",
          verdict: breaking ? "breaking" : "needs-review",
          direction: side,
          path: `#${e.pointer}`,
          subject: `${short(e.old)} -> ${short(e.new)}`,
          evidence: `default ${short(e.old)} -> ${short(e.new)}: an omitted member now means something else${breaking ? " (clients that omit it get another behaviour)" : ""}`,
          reaches: [],
        },
      ];
    },
  },
  describe: (d) => `the default changed (${d.subject}): an omitted value now means something else`,
  examples: {
    fires: requestChange({ type: "integer", default: 1 }, { type: "integer", default: 2 }),
    quiet: responseChange({ type: "integer", default: 1 }, { type: "integer", default: 1, minimum: 0 }),
  },
});
