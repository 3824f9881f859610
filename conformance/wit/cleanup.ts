/**
 * What a `conform wit` run leaves in the daemon it checks, and how it is undone (decision 156).
 * Every exchange through a socket target is recorded in a ledger (ledger.ts; requests and answers matched
 * by id, batches included), so whatever a check did — hand-written, generated or hostile — is
 * known. After the checks the suite's `finish` undoes it as far as the protocol allows:
 *   locks      released by the session that holds them (an expired or taken-over one is gone already);
 *   intents    withdrawn: moved to `abandoned` by their session (the protocol deletes no intent);
 *   contracts  a proposed one is rejected by a cleanup session; an accepted one is retired
 *              (`contract.retire`); a daemon without that method keeps it, and the note says so;
 *   files      the fixture directories are removed by the checks themselves; the parent
 *              `wit-conformance/` folder here, when nothing else is in it.
 * Registrations and the records themselves (abandoned intents, rejected or retired contracts) stay:
 * the protocol has no method that removes a row. The notes say what was and was not cleaned up.
 */
import { randomUUID } from "node:crypto";
import { readdirSync, rmdirSync } from "node:fs";
import path from "node:path";
import { call } from "./calls.js";
import type { WitTarget } from "./target.js";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Undoes what the ledger recorded; returns the notes for the report. */
export async function cleanUp(target: WitTarget): Promise<string[]> {
  const ledger = target.ledger;
  if (!ledger) return [];
  const cleaner = `conform-cleanup-${randomUUID()}`;
  // Counted first: the cleanup's own calls go through the target and update the ledger as they succeed.
  const recorded = ledger.declared + ledger.contracts.size;
  const done = { released: 0, goneAlready: 0, withdrawn: 0, rejected: 0, retired: 0 };
  const left: string[] = [];
  const failures: string[] = [];

  for (const [symbolPath, sessionId] of [...ledger.locks]) {
    const o = await call(target, "lock.release", { symbolPath, sessionId });
    if (o.ok) done.released++;
    else if (o.error.message === "LOCK_NOT_FOUND" || o.error.message === "LOCK_NOT_HELD") done.goneAlready++;
    else failures.push(`lock ${symbolPath}: ${o.error.code} ${o.error.message}`);
  }
  for (const [intentId, sessionId] of [...ledger.intents]) {
    const o = await call(target, "intent.update", { intentId, sessionId, status: "abandoned" });
    if (o.ok || o.error.message === "INVALID_TRANSITION") done.withdrawn++;
    else failures.push(`intent ${intentId}: ${o.error.code} ${o.error.message}`);
  }
  let retireMissing = 0;
  for (const [contractId, c] of [...ledger.contracts]) {
    if (c.status === "proposed") {
      const o = await call(target, "contract.respond", { contractId, sessionId: cleaner, accept: false });
      if (o.ok) done.rejected++;
      else if (o.error.message !== "CONTRACT_ALREADY_RESOLVED")
        failures.push(`contract ${contractId}: ${o.error.code} ${o.error.message}`);
    } else if (c.status === "accepted") {
      if (retireMissing > 0) {
        retireMissing++;
        continue;
      }
      const o = await call(target, "contract.retire", { contractId, sessionId: cleaner });
      if (o.ok) done.retired++;
      else if (o.error.code === -32601) retireMissing++;
      else failures.push(`contract ${contractId}: ${o.error.code} ${o.error.message}`);
    }
  }
  if (retireMissing)
    left.push(
      `${plural(retireMissing, "accepted contract")} (the daemon has no contract.retire; the hook keeps enforcing them)`,
    );
  if (ledger.registrations)
    left.push(`${plural(ledger.registrations, "registration")} (the protocol has no way to remove one)`);
  if (recorded)
    left.push(
      `${plural(recorded, "record")} of withdrawn intents and rejected or retired contracts (the protocol deletes no record; none of them is live)`,
    );
  removeIfEmpty(path.join(target.root, "wit-conformance"));
  ledger.locks.clear();
  const notes = [
    `cleaned up: released ${plural(done.released, "lock")} (${done.goneAlready} had expired or were taken over), withdrew ${plural(done.withdrawn, "intent")}, rejected ${plural(done.rejected, "proposed contract")}, retired ${plural(done.retired, "accepted contract")}`,
  ];
  if (left.length) notes.push(`left in the daemon: ${left.join("; ")}`);
  if (failures.length)
    notes.push(
      `could not clean up ${plural(failures.length, "item")}: ${failures.slice(0, 5).join("; ")}${failures.length > 5 ? "; ..." : ""}`,
    );
  ledger.intents.clear();
  ledger.contracts.clear();
  ledger.registrations = 0;
  ledger.declared = 0;
  return notes;
}

function removeIfEmpty(dir: string): void {
  try {
    if (readdirSync(dir).length === 0) rmdirSync(dir);
  } catch {
    /* absent or not ours to remove */
  }
}
