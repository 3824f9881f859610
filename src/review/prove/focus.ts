/**
 * Makes a counterexample differ from a payload both versions accept only at the change: while the
 * rejecting side's first error lies elsewhere (a member it newly requires, a member it closed off,
 * a sibling it types differently), that spot is repaired from the rejecting side's own minimal
 * example, as long as the accepting side still accepts the payload and the rejecting side still
 * refuses it. `focused` says whether the first error now names the changed member.
 */
import { escapeToken, pointerWithin as inside } from "../../json/index.js";
import { minimalExample } from "../example.js";
import { primaryError } from "../schema/context.js";
import type { Check } from "./check.js";
import { deleteAt, setAt, valueAt } from "./values.js";

export function focus(payload: unknown, check: Check, at: string): { payload: unknown; focused: boolean } {
  const ca = check.ma.ctx;
  const cb = check.mb.ctx;
  const validateB = cb.validator(check.surfB.node);
  const exB = minimalExample(check.surfB.node, cb);
  let current = payload;
  for (let i = 0; i < 24; i++) {
    if (validateB(current)) return { payload, focused: false };
    const err = primaryError(validateB.errors ?? []);
    if (!err) break;
    const where = err.instancePath;
    if (inside(where, at)) return { payload: current, focused: true };
    const next = structuredClone(current);
    let changed = false;
    const params = err.params as { missingProperty?: unknown; additionalProperty?: unknown };
    if (err.keyword === "required" && typeof params.missingProperty === "string") {
      const member = `${where}/${escapeToken(params.missingProperty)}`;
      const fill = exB.found ? valueAt(exB.value, member) : undefined;
      changed = fill !== undefined && setAt(next, member, fill.value);
    } else if (
      (err.keyword === "additionalProperties" || err.keyword === "unevaluatedProperties") &&
      typeof params.additionalProperty === "string"
    ) {
      changed = deleteAt(next, `${where}/${escapeToken(params.additionalProperty)}`);
    } else {
      const fill = exB.found ? valueAt(exB.value, where) : undefined;
      changed = fill !== undefined && setAt(next, where, fill.value);
    }
    if (!changed || !ca.valid(check.surfA.node, next) || cb.valid(check.surfB.node, next)) {
      // The rejecting side has no value to offer here: drop the member if the accepting side lets it go.
      const dropped = structuredClone(current);
      if (
        where !== "" &&
        deleteAt(dropped, where) &&
        ca.valid(check.surfA.node, dropped) &&
        !cb.valid(check.surfB.node, dropped)
      ) {
        current = dropped;
        continue;
      }
      break;
    }
    current = next;
  }
  return { payload: current === payload ? payload : current, focused: false };
}
