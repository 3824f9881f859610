/**
 * The pre-commit check: staged content of supported files -> `check-contracts`, under one 2-second
 * deadline. It fails open: no daemon, a daemon that does not answer in time, or any answer that is
 * not a list of violations lets the commit proceed (with a note on stderr). Only violations block.
 * The daemon is never started from here (a commit must not wait for a cold start).
 */
import type { Violation } from "../../generated/wit/types.js";
import { createWitClient } from "../client/client.js";
import { WitUnavailableError } from "../client/transport.js";
import { WIT_LIMITS, witPaths } from "../protocol.js";
import { readStagedFiles, type StagedFile } from "./staged.js";
import { terminalField as f } from "../../report/terminal.js";

export const HOOK_TIMEOUT_MS = 2_000;

export interface PreCommitResult {
  /** "violations" blocks the commit; everything else lets it through. */
  outcome: "clean" | "violations" | "no-files" | "unreachable" | "timeout" | "error";
  violations: Violation[];
  checkedFiles: number;
  skipped: { path: string; reason: string }[];
  message?: string;
}

/** Splits staged files into calls that respect the daemon's file-count and body-size limits. */
export function batches(
  files: readonly StagedFile[],
  maxFiles = WIT_LIMITS.maxCheckFiles,
  maxBytes = WIT_LIMITS.maxBodyBytes - 64 * 1024,
): StagedFile[][] {
  const out: StagedFile[][] = [];
  let current: StagedFile[] = [];
  let bytes = 0;
  for (const f of files) {
    const size = Buffer.byteLength(JSON.stringify(f), "utf8");
    if (current.length > 0 && (current.length >= maxFiles || bytes + size > maxBytes)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(f);
    bytes += size;
  }
  if (current.length) out.push(current);
  return out;
}

export async function checkFiles(
  root: string,
  files: readonly StagedFile[],
  timeoutMs = HOOK_TIMEOUT_MS,
): Promise<PreCommitResult> {
  const base = { violations: [] as Violation[], checkedFiles: files.length, skipped: [] };
  if (files.length === 0) return { ...base, outcome: "no-files" };
  const deadline = Date.now() + timeoutMs;
  const socketPath = witPaths(root).socket;
  const violations: Violation[] = [];
  for (const batch of batches(files)) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return { ...base, outcome: "timeout", message: `no answer within ${timeoutMs} ms` };
    const client = createWitClient({ socketPath, autoStart: false, timeoutMs: remaining, keepAlive: false });
    try {
      violations.push(...(await client.checkContracts({ files: batch })).violations);
    } catch (e) {
      if (e instanceof WitUnavailableError)
        return { ...base, outcome: e.reason === "timeout" ? "timeout" : "unreachable", message: e.message };
      return { ...base, outcome: "error", message: `the daemon refused the check: ${(e as Error).message}` };
    } finally {
      await client.close();
    }
  }
  return { ...base, violations, outcome: violations.length ? "violations" : "clean" };
}

/**
 * The hook's whole check. `timeoutMs` is what is left of the 2-second budget: `wit hook run`
 * passes the budget minus its own start-up (process start to here), so the budget covers the
 * whole hook, not only the daemon call.
 */
export async function runPreCommit(root: string, timeoutMs = HOOK_TIMEOUT_MS): Promise<PreCommitResult> {
  const deadline = Date.now() + timeoutMs;
  let staged;
  try {
    staged = readStagedFiles(root, { maxFileBytes: WIT_LIMITS.maxFileContentBytes });
  } catch (e) {
    return {
      outcome: "error",
      violations: [],
      checkedFiles: 0,
      skipped: [],
      message: `cannot read the staged files: ${(e as Error).message}`,
    };
  }
  const result = await checkFiles(root, staged.files, Math.max(0, deadline - Date.now()));
  if (result.outcome === "violations") await addAcceptors(root, result.violations, deadline);
  return { ...result, skipped: staged.skipped };
}

/** Who accepted each violated contract (for the block message), within what is left of the budget. */
async function addAcceptors(root: string, violations: ViolationWithAcceptor[], deadline: number): Promise<void> {
  const remaining = deadline - Date.now();
  if (remaining <= 50) return;
  const client = createWitClient({
    socketPath: witPaths(root).socket,
    autoStart: false,
    timeoutMs: remaining,
    keepAlive: false,
  });
  try {
    for (const v of violations) {
      const rows = await client.contract.query({ symbolPath: v.symbolPath, status: "accepted" });
      v.acceptedBy = rows.find((r) => r.contractId === v.contractId)?.responderSessionId ?? undefined;
    }
  } catch {
    /* the message just lacks the name */
  } finally {
    await client.close();
  }
}

export interface ViolationWithAcceptor extends Violation {
  acceptedBy?: string;
}

export function renderViolations(violations: readonly ViolationWithAcceptor[]): string {
  const lines = violations.map(
    (v) =>
      `wit: contract violation in ${f(v.symbolPath)}\n  expected: ${f(v.expected)}\n  actual:   ${f(v.actual)}\n  contract: ${f(v.contractId)}${v.acceptedBy ? ` (accepted by ${f(v.acceptedBy)})` : ""}`,
  );
  return [
    ...lines,
    "To commit: restore the contracted signature, or agree a new one (`contract-suite wit propose <file:symbol>`, accepted by another session: the newest acceptance supersedes the old), or end the contract (`contract-suite wit retire <contract>`).",
  ].join("\n");
}
