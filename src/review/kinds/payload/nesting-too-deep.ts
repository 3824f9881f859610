/** `nesting-too-deep`: a schema pair below the structural pass's depth limit changed; it was not judged (decision 255) */
import { kind, where } from "../kind.js";
import { requestChange } from "../examples.js";

/** `levels` objects, each holding the next in `n`, around `leaf`. */
function nested(levels: number, leaf: Record<string, unknown>): Record<string, unknown> {
  let s = leaf;
  for (let i = 0; i < levels; i++) s = { type: "object", properties: { n: s } };
  return s;
}

export default kind({
  id: "nesting-too-deep",
  family: "payload",
  direction: "surface",
  level: "by-proof",
  doc: "a change lies below the 48 nested schema pairs the structural pass follows, so it was not judged: `undecided` unless a sampled payload shows it breaking (decision 255)",
  detect: { on: "difference", matches: (v) => v.aspect === "depth" },
  describe: (d) => `${where(d)}: nested too deep for the structural pass; the change below it was not judged`,
  examples: {
    fires: requestChange(nested(50, { type: "string", maxLength: 3 }), nested(50, { type: "string", maxLength: 5 })),
    quiet: requestChange(nested(10, { type: "string", maxLength: 3 }), nested(10, { type: "string", maxLength: 5 })),
  },
});
