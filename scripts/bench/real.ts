/**
 * Rows on public descriptions nobody here wrote, each beside the tool a user would pick instead, in
 * the same run (issue 38): gen.real beside openapi-typescript, lint.real beside Redocly, diff.real's
 * optic column, and diff.openrpc.real (no OpenRPC diff exists to put beside it). Both sides run as
 * whole commands under /usr/bin/time, so wall time and peak RSS are measured the same way.
 *
 * Peers come from scripts/bench/peers (its own lockfile, `npm run bench:peers`; never installed by the
 * root `npm ci`). A row whose peer is not installed says so in its baseline and reports ours alone.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Bench, BenchSize, Row } from "./measure.js";

const ROOT = resolve(import.meta.dirname, "../..");
const OURS = join(ROOT, "bin/contract-suite.mjs");
const PEERS = join(ROOT, "scripts/bench/peers/node_modules/.bin");
/** The shared corpus of public descriptions (../shared/corpus beside the checkout; its README gives provenance). */
export const CORPUS = process.env.CONTRACT_SUITE_CORPUS ?? resolve(ROOT, "../shared/corpus");
/**
 * Documents fetched beyond the shared corpus (scripts/corpus/README.md says how to make them):
 * Filecoin Lotus's OpenRPC description at two commits.
 */
export const CORPUS_EXTRA = process.env.CONTRACT_SUITE_CORPUS_EXTRA ?? resolve(ROOT, "../corpus-extra");
/** A peer gets this long before it is stopped and reported as "> N s". */
const PEER_TIMEOUT_S = 300;

export interface CommandRun {
  seconds: number;
  rssMB: number;
  code: number | null;
  timedOut: boolean;
}

/** Runs one command under /usr/bin/time: wall seconds and peak RSS (of the largest process it ran). */
export function timeCommand(argv: string[], timeoutS: number, cwd: string): CommandRun {
  const env = {
    ...process.env,
    // The peers phone home and print update notices unless told not to; nothing here may reach out.
    REDOCLY_TELEMETRY: "off",
    REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
    OPTIC_TELEMETRY_LEVEL: "off",
    NO_UPDATE_NOTIFIER: "1",
  };
  // `timeout` sits between time and the command, so a stopped command's own children go too, and
  // time's %M still covers them (wait4 reports the largest RSS among the waited-for processes).
  const t0 = process.hrtime.bigint();
  const r = spawnSync("/usr/bin/time", ["-f", "%e %M", "timeout", "-k", "5", String(timeoutS), ...argv], {
    cwd,
    env,
    encoding: "utf8",
    timeout: (timeoutS + 30) * 1000,
    maxBuffer: 1 << 28,
  });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const last = r.stderr?.trim().split("\n").at(-1) ?? "";
  const m = /^([\d.]+) (\d+)$/.exec(last);
  return {
    seconds: m ? Number(m[1]) : wall,
    rssMB: m ? Number(m[2]) / 1024 : Number.NaN,
    code: r.status,
    timedOut: r.status === 124 || r.status === 137 || r.error !== undefined,
  };
}

/** The peer's binary, or undefined when scripts/bench/peers is not installed. */
export function peer(name: string): string | undefined {
  const bin = join(PEERS, name);
  return existsSync(bin) ? bin : undefined;
}

function describe(name: string, r: CommandRun): string {
  if (r.timedOut) return `${name} > ${PEER_TIMEOUT_S} s (stopped)`;
  return `${name} ${r.seconds.toFixed(1)} s, ${r.rssMB.toFixed(0)} MB, exit ${r.code}`;
}

/** One row: ours as the value; the ratio is ours over the peer's seconds when the peer ran, else ours. */
export function sideBySideRow(ours: CommandRun, peerName: string, theirs: CommandRun | undefined): Row {
  const baseline = theirs
    ? `${describe(peerName, theirs)}; ours ${describe("contract-suite", ours)}`
    : `${peerName} not installed (npm run bench:peers); ours ${describe("contract-suite", ours)}`;
  const ratio = theirs && !theirs.timedOut ? ours.seconds / theirs.seconds : ours.seconds;
  return { value: ours.seconds, unit: "s", baseline, ratio, note: `peak RSS ${ours.rssMB.toFixed(0)} MB` };
}

function pair(size: BenchSize): [string, string] {
  return size === "tiny"
    ? [join(CORPUS, "twilio/messaging_v1.old.json"), join(CORPUS, "twilio/messaging_v1.new.json")]
    : [join(CORPUS, "stripe/spec3.old.json"), join(CORPUS, "stripe/spec3.new.json")];
}

function inScratch<T>(fn: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), "cs-bench-real-"));
  try {
    return fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const genRealBench: Bench = {
  name: "gen.real",
  heavy: true,
  what: "contract-suite gen on Stripe's spec3.json beside openapi-typescript, whole commands",
  target: "succeeds; time <= openapi-typescript's (ratio <= 1)",
  async run({ size }): Promise<Row> {
    const [, doc] = pair(size);
    return inScratch((dir) => {
      const ours = timeCommand([process.execPath, OURS, "gen", doc, "--out", join(dir, "ours")], PEER_TIMEOUT_S, dir);
      if (ours.code !== 0) throw new Error(`gen.real: contract-suite gen exited ${ours.code}`);
      const bin = peer("openapi-typescript");
      const theirs = bin ? timeCommand([bin, doc, "-o", join(dir, "theirs.ts")], PEER_TIMEOUT_S, dir) : undefined;
      return sideBySideRow(ours, "openapi-typescript", theirs);
    });
  },
};

export const lintRealBench: Bench = {
  name: "lint.real",
  heavy: true,
  what: "contract-suite lint on Stripe's spec3.json beside Redocly's lint (recommended rules), whole commands",
  target: "in line with Redocly's (ratio <= 1.5)",
  async run({ size }): Promise<Row> {
    const [, doc] = pair(size);
    return inScratch((dir) => {
      // lint exits 1 when it finds errors: that is an answer, not a failure of the row.
      const ours = timeCommand([process.execPath, OURS, "lint", doc, "--format", "json"], PEER_TIMEOUT_S, dir);
      if (ours.code !== 0 && ours.code !== 1) throw new Error(`lint.real: contract-suite lint exited ${ours.code}`);
      const bin = peer("redocly");
      const theirs = bin ? timeCommand([bin, "lint", doc, "--format", "json"], PEER_TIMEOUT_S, dir) : undefined;
      return sideBySideRow(ours, "redocly lint", theirs);
    });
  },
};

/** diff.real's peer column: optic's `diff --check` on the same pair (our side is diff.real's own figure). */
export function opticOnPair(size: BenchSize): CommandRun | undefined {
  const bin = peer("optic");
  if (!bin) return undefined;
  const [a, b] = pair(size);
  return inScratch((dir) => timeCommand([bin, "diff", a, b, "--check"], PEER_TIMEOUT_S, dir));
}

export function describePeer(name: string, r: CommandRun | undefined): string {
  return r ? describe(name, r) : `${name} not installed (npm run bench:peers)`;
}

export const diffOpenRpcRealBench: Bench = {
  name: "diff.openrpc.real",
  heavy: true,
  what: "contract-suite diff on Filecoin Lotus's OpenRPC description at two commits (1.19 / 1.25 MB)",
  target: "<= 5 s (issue 38); no OpenRPC diff exists to put beside it",
  async run({ size }): Promise<Row> {
    const old = join(CORPUS_EXTRA, "lotus/full.old.json");
    const neu = join(CORPUS_EXTRA, "lotus/full.new.json");
    if (size === "tiny" || !existsSync(old) || !existsSync(neu)) {
      // The tiny run (and a machine without the extra corpus) diffs our own Wit OpenRPC document
      // against itself, so the row still runs the command end to end.
      const wit = join(ROOT, "contracts/wit/openrpc.json");
      const r = inScratch((dir) => timeCommand([process.execPath, OURS, "diff", wit, wit], PEER_TIMEOUT_S, dir));
      return {
        value: r.seconds,
        unit: "s",
        baseline: `Lotus pair not at ${CORPUS_EXTRA}/lotus (scripts/corpus/README.md); ${describe("the Wit OpenRPC document against itself", r)}`,
        ratio: r.seconds,
      };
    }
    const r = inScratch((dir) =>
      timeCommand([process.execPath, OURS, "diff", old, neu, "--format", "json"], PEER_TIMEOUT_S, dir),
    );
    if (r.code !== 0 && r.code !== 1) throw new Error(`diff.openrpc.real: contract-suite diff exited ${r.code}`);
    return {
      value: r.seconds,
      unit: "s",
      baseline: describe("contract-suite diff (whole command)", r),
      ratio: r.seconds,
      note: `peak RSS ${r.rssMB.toFixed(0)} MB`,
    };
  },
};
