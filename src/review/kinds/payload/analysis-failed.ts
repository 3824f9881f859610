/** `analysis-failed`: comparing a surface failed on this document. */
import { kind } from "../kind.js";

export default kind({
  id: "analysis-failed",
  family: "payload",
  direction: "surface",
  level: "undecided",
  doc: "comparing a surface failed on this document (undecided: fails diff and check unless the bump is major); review it by hand",
  detect: {
    on: "engine",
    why: "a unit or the structural pass threw on this document: the engine reports it instead of stopping",
  },
  describe: () => "this part could not be compared; review it by hand",
  examples: { none: "fires only on an internal failure, which no valid document pair is meant to cause" },
});
