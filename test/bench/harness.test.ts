import { describe, expect, it } from "vitest";
import { execFileSync, spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");
const NAMES = [
  "validate.frameEvent",
  "validate.frameEventLarge",
  "validate.vsSchemasafe",
  "validate.vsInterpreters",
  "fold.overhead",
  "fold.vsJsonParse",
  "fold.scaling",
  "fold.memory",
  "wit.throughput",
  "wit.latency",
  "wit.serverCpu1",
  "wit.serverCpu16",
  "wit.serverCpu64",
  "wit.throughputFull",
  "wit.tree10k",
  "wit.tree10k.p99",
  "gen.warm",
  "conform.rate",
  "cli.coldStart",
  "cli.help",
  "proxy.frameWire",
];
/** Registered, but left out of the tiny run (they pack and install packages, or diff two 40k documents). */
const HEAVY = [
  "install.frame-wire",
  "install.wit-client",
  "diff.large",
  "diff.real",
  "diff.openrpc.real",
  "gen.real",
  "lint.real",
];

describe("npm run bench (tiny sizes: the output shape, not the timings)", () => {
  it("--json prints exactly one JSON object with every benchmark", () => {
    const out = execFileSync(
      process.execPath,
      ["--import", "tsx", `${ROOT}/scripts/bench/main.ts`, "--json", "--tiny"],
      { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
    );
    expect(out.trim().split("\n")).toHaveLength(1);
    const rows = JSON.parse(out) as Record<string, { value: number; unit: string; baseline: string; ratio: number }>;
    expect(Object.keys(rows).sort()).toEqual([...NAMES].sort());
    for (const [name, r] of Object.entries(rows)) {
      expect(Object.keys(r).sort(), name).toEqual(["baseline", "ratio", "unit", "value"]);
      expect(Number.isFinite(r.value) && Number.isFinite(r.ratio), name).toBe(true);
      expect(r.ratio, name).toBeGreaterThan(0);
      expect(typeof r.unit === "string" && typeof r.baseline === "string", name).toBe(true);
    }
    // The 1-client rounds pin servers and load generator to separate cores where taskset works (decision 214).
    const canPin = availableParallelism() >= 2 && spawnSync("taskset", ["-p", String(process.pid)]).status === 0;
    expect(rows["wit.serverCpu1"]!.baseline).toContain(
      canPin ? "servers on the last core, load generator on the others" : "not pinned",
    );
    expect(rows["wit.serverCpu16"]!.baseline).not.toContain("pinned");
  }, 180_000);

  it("the heavy rows are registered (the tiny run skips them)", async () => {
    const { BENCHES } = await import("../../scripts/bench/main.js");
    expect(
      BENCHES.filter((b) => b.heavy)
        .map((b) => b.name)
        .sort(),
    ).toEqual([...HEAVY].sort());
    expect(BENCHES.map((b) => b.name).sort()).toEqual([...NAMES, ...HEAVY].sort());
  });

  it("the Markdown table has a row per benchmark", () => {
    const out = execFileSync(
      process.execPath,
      ["--import", "tsx", `${ROOT}/scripts/bench/main.ts`, "--tiny", "--only", "gen.warm,fold.overhead"],
      { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
    );
    expect(out).toMatch(/^\| name \| value \| baseline \| ratio \| target \|/m);
    expect(out).toMatch(/^\| `gen.warm` \|/m);
    expect(out).toMatch(/^\| `fold.overhead` \|/m);
  }, 120_000);
});
