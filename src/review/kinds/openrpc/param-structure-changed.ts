/** `param-structure-changed`: `paramStructure` changed. */
import { kind } from "../kind.js";
import { method, openrpc, pair } from "../examples.js";
import { escapeToken } from "../../../json/index.js";

const structured = (paramStructure: string) => openrpc([method("a", [], { type: "string" }, { paramStructure })]);

export default kind({
  id: "param-structure-changed",
  family: "openrpc",
  direction: "request",
  level: "needs-review",
  doc: "`paramStructure` changed (compatible when it becomes `either`)",
  detect: {
    on: "models",
    find: (p) => {
      if (p.old.kind !== "openrpc" || p.new_.kind !== "openrpc") return [];
      return [...p.old.methods].flatMap(([name, mo]) => {
        const mn = p.new_.methods.get(name);
        if (!mn || mo.paramStructure === mn.paramStructure) return [];
        const widened = mn.paramStructure === "either";
        return [
          {
            kind: "param-structure-changed",
            verdict: widened ? ("compatible" as const) : ("needs-review" as const),
            direction: "request" as const,
            path: `#/methods/${escapeToken(name)}/paramStructure`,
            subject: `${mo.paramStructure} -> ${mn.paramStructure}`,
            evidence: `paramStructure ${mo.paramStructure} -> ${mn.paramStructure}${widened ? ": every old request is still accepted" : ": requests in the old structure may be refused"}`,
            reaches: [{ operation: name, part: "params" }],
          },
        ];
      });
    },
  },
  describe: (d) => `params are now passed differently (${d.subject})`,
  examples: {
    fires: pair(structured("by-name"), structured("by-position")),
    quiet: pair(structured("by-name"), structured("by-name")),
  },
});
