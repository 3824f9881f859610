/** `method-added`: a new method. */
import { kind } from "../kind.js";
import { method, openrpc, pair } from "../examples.js";
import { escapeToken } from "../../../json/index.js";

const one = openrpc([method("a", [])]);
const two = openrpc([method("a", []), method("b", [])]);

export default kind({
  id: "method-added",
  family: "openrpc",
  direction: "request",
  level: "compatible",
  doc: "a new method",
  opposite: "method-removed",
  detect: {
    on: "models",
    find: (p) =>
      p.new_.kind !== "openrpc"
        ? []
        : p.ownersOnlyIn("new").map((s) => ({
            kind: "method-added",
            verdict: "compatible" as const,
            direction: "request" as const,
            path: `#/methods/${escapeToken(s.owner!)}`,
            subject: s.owner,
            evidence: `new method ${s.owner}: no existing request changes meaning`,
            reaches: [{ operation: s.owner!, part: "method" }],
          })),
  },
  describe: (d) => `new method ${d.subject}`,
  examples: { fires: pair(one, two), quiet: pair(two, one) },
});
