/** `analysis-failed`: comparing a surface failed on this document. */
import { kind } from "../kind.js";

export default kind({
  id: "analysis-failed",
  family: "payload",
  direction: "surface",
  level: "needs-review",
  doc: "comparing a surface failed on this document; review it by hand",
  detect: {
    on: "engine",
    why: "a unit or the structural pass threw on this document: the engine reports it instead of stopping",
  },
  describe: () => "this part could not be compared; review it by hand",
  examples: { none: "fires only on an internal failure, which no valid document pair is meant to cause" },
});
