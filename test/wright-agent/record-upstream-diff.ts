/**
 * Records what the built CLI's `diff <upstream 48499628> <our contract>` reports, for
 * upstream-diff.test.ts (the diff takes minutes on the whole document, too slow for every run).
 *
 *   node --import tsx test/wright-agent/record-upstream-diff.ts      # after a contract change
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ReportedChange } from "./upstream-diff.js";

const file = (rel: string) => fileURLToPath(new URL(rel, import.meta.url));
export const UPSTREAM = file("../fixtures/upstream/wright-agent/wright-agent-v1.48499628.schema.json");
export const OURS = file("../../contracts/wright-agent/wright-agent-v1.schema.json");
export const RECORDED = file("../fixtures/upstream/wright-agent/diff-48499628-vs-ours.json");
const BIN = file("../../bin/contract-suite.mjs");

export interface RecordedDiff {
  note: string;
  upstream_sha256: string;
  ours_sha256: string;
  changes: ReportedChange[];
}

export const sha256 = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");

/** Runs the diff (exit 1 = breaking changes found, the expected outcome) and returns its changes. */
export function runDiff(): ReportedChange[] {
  let out: string;
  try {
    out = execFileSync(process.execPath, [BIN, "diff", UPSTREAM, OURS, "--format", "json", "--samples", "5"], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (e) {
    const err = e as { status?: number; stdout?: string };
    if (err.status !== 1 || !err.stdout) throw e;
    out = err.stdout;
  }
  // `at` and `surfaces` say where a change located in upstream's document is reached from in ours (upstream-diff.ts).
  type Reported = ReportedChange & { reaches?: { operation: string; part: string }[] };
  return (JSON.parse(out) as { findings: Reported[] }).findings.map((c) => ({
    path: c.path,
    kind: c.kind,
    evidence: (c.evidence ?? "").slice(0, 300),
    ...(c.at !== undefined ? { at: c.at } : {}),
    ...(c.reaches?.length ? { surfaces: c.reaches.map((r) => r.operation) } : {}),
  }));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const recorded: RecordedDiff = {
    note: "Output of `contract-suite diff test/fixtures/upstream/wright-agent/wright-agent-v1.48499628.schema.json contracts/wright-agent/wright-agent-v1.schema.json --format json --samples 5` (path, kind, evidence cut to 300 characters, at, surfaces), recorded by test/wright-agent/record-upstream-diff.ts.",
    upstream_sha256: sha256(UPSTREAM),
    ours_sha256: sha256(OURS),
    changes: runDiff(),
  };
  writeFileSync(RECORDED, JSON.stringify(recorded, null, 1) + "\n");
  process.stdout.write(`recorded ${recorded.changes.length} changes in ${RECORDED}\n`);
}
