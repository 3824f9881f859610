/** `equivalent`: the surface is rewritten with the same instances. */
import { kind } from "../kind.js";
import { requestChange } from "../examples.js";

export default kind({
  id: "equivalent",
  family: "payload",
  direction: "surface",
  level: "compatible",
  doc: "the surface is rewritten with the same instances (inlined `$ref`, one-branch `oneOf`, renamed definition): proved both ways",
  detect: { on: "surface", matches: (o) => !o.opaque && o.differences === 0 },
  describe: () => "rewritten with the same instances",
  examples: {
    fires: requestChange({ oneOf: [{ type: "string" }] }, { type: "string" }),
    quiet: requestChange({ type: "string" }, { type: "integer" }),
  },
});
