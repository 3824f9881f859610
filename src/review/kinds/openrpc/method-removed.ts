/** `method-removed`: a method is gone. */
import { kind } from "../kind.js";
import { method, openrpc, pair } from "../examples.js";
import { escapeToken } from "../../../json/index.js";
import { minimalExample } from "../../example.js";
import { shown } from "../../prove/check.js";
import type { Counterexample } from "../../finding.js";
import type { ModelPair } from "../../engine/pair.js";

const one = openrpc([method("a", [])]);
const two = openrpc([method("a", []), method("b", [])]);

/** A request of the gone method: accepted by the old any-request envelope, refused by the new one. */
function request(p: ModelPair, name: string): Counterexample | undefined {
  const surf = p.old.surfaces.get(`method:${name}:params`);
  const [anyOld, anyNew] = [p.old.anyRequest, p.new_.anyRequest];
  if (!surf || !anyOld || !anyNew) return undefined;
  const ex = minimalExample(surf.node, p.old.ctx);
  if (!ex.found || !p.old.ctx.valid(anyOld, ex.value) || p.new_.ctx.valid(anyNew, ex.value)) return undefined;
  return shown(ex.value, "old", "new", p.new_.ctx, anyNew);
}

export default kind({
  id: "method-removed",
  family: "openrpc",
  direction: "request",
  level: "breaking",
  doc: "a method is gone: its requests fail with METHOD_NOT_FOUND (shown with a request envelope)",
  opposite: "method-added",
  detect: {
    on: "models",
    find: (p) =>
      p.old.kind !== "openrpc"
        ? []
        : p.ownersOnlyIn("old").map((s) => ({
            kind: "method-removed",
            verdict: "breaking" as const,
            direction: "request" as const,
            path: `#/methods/${escapeToken(s.owner!)}`,
            gone: true,
            subject: s.owner,
            evidence: `method ${s.owner} is gone: its requests now fail with METHOD_NOT_FOUND`,
            counterexample: request(p, s.owner!),
            reaches: [{ operation: s.owner!, part: "method" }],
          })),
  },
  describe: (d) => `the method ${d.subject} is gone`,
  examples: { fires: pair(two, one), quiet: pair(one, two) },
});
