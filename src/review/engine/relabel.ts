/** OpenRPC: a param removed and another added with the same schema in the same method is a rename (`param-renamed`). */
import { parsePointer } from "../../json/index.js";
import type { Finding } from "../finding.js";
import type { ContractModel } from "../model.js";
import { sameSchema } from "../schema/equal.js";

export function relabelRenamedParams(findings: Finding[], oldM: ContractModel, newM: ContractModel): void {
  for (const f of findings) {
    if (f.kind !== "param-removed") continue;
    const method = f.reaches.find((r) => r.part === "params")?.operation;
    const mo = method ? oldM.methods.get(method) : undefined;
    const mn = method ? newM.methods.get(method) : undefined;
    if (!mo || !mn) continue;
    const gone = mo.params.filter((p) => !mn.params.some((q) => q.name === p.name));
    const added = mn.params.filter((q) => !mo.params.some((p) => p.name === q.name));
    const last = lastToken(f.path);
    for (const g of gone) {
      if (last !== g.name && !f.evidence.includes(`"${g.name}"`)) continue;
      const twin = added.find((a) => sameSchema(g.schema, oldM.ctx, a.schema, newM.ctx));
      if (twin) {
        f.kind = "param-renamed";
        f.message = `param \`${g.name}\` is now \`${twin.name}\``;
        f.evidence = `param "${g.name}" is now "${twin.name}": ${f.evidence}`;
      }
    }
  }
}

function lastToken(pointer: string): string | undefined {
  try {
    return parsePointer(pointer.slice(pointer.indexOf("#") + 1)).pop();
  } catch {
    return undefined;
  }
}
