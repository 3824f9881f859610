/**
 * `contract-suite check` as the CI gate: passes on the repository, and on a temporary copy of the
 * registry fails, naming the cause, when a contract changes without the version bump it needs.
 * The real contracts are never edited: every change goes to a copy under the OS temp folder.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { checkBump, parseVersion } from "../../src/review/semver.js";
import type { DiffReport } from "../../src/review/diff.js";

const CONTRACTS = resolve(import.meta.dirname, "../../contracts");
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A copy of the bundled registry with frame-wire's current document (and optionally its version) edited. */
function registryCopy(edit: (frameWire: any) => void, version?: string): string {
  const dir = mkdtempSync(join(tmpdir(), "contract-suite-check-"));
  dirs.push(dir);
  cpSync(CONTRACTS, dir, { recursive: true });
  const fw = join(dir, "frame-wire/frame_wire.json");
  const doc = JSON.parse(readFileSync(fw, "utf8"));
  edit(doc);
  writeFileSync(fw, JSON.stringify(doc, null, 2));
  if (version) {
    const index = JSON.parse(readFileSync(join(dir, "index.json"), "utf8"));
    index.contracts.find((c: any) => c.name === "frame-wire").version = version;
    writeFileSync(join(dir, "index.json"), JSON.stringify(index, null, 2));
  }
  return dir;
}

type Stage = { stage: string; ok: boolean; summary: string; details: string[] };
const stage = (out: string, name: string): Stage => (JSON.parse(out).stages as Stage[]).find((s) => s.stage === name)!;
const narrowFinishReason = (d: any) => (d.$defs.DoneEvent.properties.finish_reason.enum = ["done", "error"]);
/** The 1-based line of DoneEvent's `finish_reason` enum in a registry copy's frame-wire document. */
function enumLine(dir: string): number {
  const lines = readFileSync(join(dir, "frame-wire/frame_wire.json"), "utf8").split("\n");
  const done = lines.findIndex((l) => l.includes('"DoneEvent"'));
  const member = lines.findIndex((l, i) => i > done && l.includes('"finish_reason"'));
  return lines.findIndex((l, i) => i > member && l.includes('"enum"')) + 1;
}

describe("contract-suite check", () => {
  it("passes on the repository, with every stage in one table", async () => {
    const r = await runCli(["check", "--format", "json"]);
    const out = JSON.parse(r.stdout);
    expect(
      out.stages.filter((s: Stage) => !s.ok),
      r.stdout,
    ).toEqual([]);
    expect(r.code).toBe(0);
    const names = out.stages.map((s: Stage) => s.stage);
    for (const s of ["validate", "gen --check", "lint", "mirror", "compat"]) expect(names).toContain(s);
    expect(names.some((n: string) => n.startsWith("conform "))).toBe(true);
    expect(stage(r.stdout, "compat").summary).toMatch(/frame-wire 1\.2\.0 -> 1\.3\.0: compatible/);
  }, 180_000);

  it("fails on a breaking change without a major bump, pointing at the change and its counterexample", async () => {
    const dir = registryCopy(narrowFinishReason);
    const r = await runCli(["check", "--registry", dir, "--samples", "50"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FAIL {2}compat +frame-wire 1\.2\.0 -> 1\.3\.0: breaking, version bump missing/);
    expect(r.stdout).toMatch(/breaking change without a major version bump \(1 -> 1\)/);
    // Where the change is written, as diff gives it: the registry copy is outside the working folder, so its absolute path.
    expect(enumLine(dir)).toBeGreaterThan(0);
    expect(r.stdout).toContain(
      `${join(dir, "frame-wire/frame_wire.json")}:${enumLine(dir)} breaking enum-value-removed`,
    );
    expect(r.stdout).toMatch(
      /breaking enum-value-removed at #\/\$defs\/DoneEvent\/properties\/finish_reason\/enum: .*counterexample \{"type":"done","finish_reason":"[^"]*"\} \(valid under old, not under new\)/,
    );
    expect(r.stdout).toMatch(/skip {2}gen --check +no --out: give the folder gen writes/);
    expect(r.stdout).toMatch(/check FAILED/);
  });

  it("accepts the same change once the major version is bumped", async () => {
    const r = await runCli([
      "check",
      "--registry",
      registryCopy(narrowFinishReason, "2.0.0"),
      "--samples",
      "50",
      "--format",
      "json",
    ]);
    const compat = stage(r.stdout, "compat");
    expect(compat.ok, JSON.stringify(compat)).toBe(true);
    expect(compat.summary).toMatch(/frame-wire 1\.2\.0 -> 2\.0\.0: breaking(;|$)/);
  });

  it("fails on an additive change without a minor bump", async () => {
    const dir = registryCopy(
      (d) => (d.$defs.FrameTurn.properties.usage = { type: "object", description: "Token usage." }),
      "1.3.0",
    );
    const index = JSON.parse(readFileSync(join(dir, "index.json"), "utf8"));
    index.contracts.find((c: any) => c.name === "frame-wire").history[0].version = "1.3.0";
    writeFileSync(join(dir, "index.json"), JSON.stringify(index, null, 2));
    const r = await runCli(["check", "--registry", dir, "--samples", "50", "--format", "json"]);
    expect(r.code).toBe(1);
    const compat = stage(r.stdout, "compat");
    expect(compat.ok).toBe(false);
    expect(compat.details.join("\n")).toMatch(/1\.3\.0 -> 1\.3\.0: additive change needs at least a minor bump/);
  });

  it("renders the summary table in the github format with one annotation per failing detail", async () => {
    const dir = registryCopy(narrowFinishReason);
    const r = await runCli(["check", "--registry", dir, "--samples", "50", "--format", "github"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^::error title=check compat::frame-wire: 1\.2\.0 -> 1\.3\.0: breaking change without a major version bump/m,
    );
    // A change is annotated on the line it is written at, like diff's annotations.
    const file = join(dir, "frame-wire/frame_wire.json");
    expect(r.stdout).toContain(
      `::error file=${file},line=${enumLine(dir)},title=check compat::${file}:${enumLine(dir)} breaking enum-value-removed`,
    );
  });

  it("an unreadable --registry is a usage error", async () => {
    expect((await runCli(["check", "--registry", join(tmpdir(), "no-such-registry-xyz")])).code).toBe(2);
  });
});

describe("version bumps", () => {
  const report = (...verdicts: [string, DiffReport["verdict"]][]): DiffReport => ({
    verdict: "compatible",
    old: "a",
    new: "b",
    warnings: [],
    stats: { surfaces: 1, unchanged: 0, samples: 0 },
    budget: [],
    findings: verdicts.map(([kind, verdict]) => ({
      id: kind,
      path: "#",
      kind,
      direction: "request",
      verdict,
      evidence: "",
      message: "",
      subject: { label: "#" },
      reaches: [],
    })),
  });
  it("parses semver and major-only versions", () => {
    expect(parseVersion("1.3.0")).toMatchObject({ kind: "semver", major: 1, minor: 3 });
    expect(parseVersion("1")).toMatchObject({ kind: "major", major: 1 });
    expect(parseVersion("one")).toMatchObject({ kind: "other" });
  });
  it("breaking needs a major bump; additive a minor; neutral edits nothing; versions never go back", () => {
    expect(checkBump("1.2.0", "1.3.0", report(["enum-value-removed", "breaking"])).ok).toBe(false);
    expect(checkBump("1.2.0", "2.0.0", report(["enum-value-removed", "breaking"])).ok).toBe(true);
    expect(checkBump("1.2.0", "1.2.1", report(["property-added", "compatible"])).ok).toBe(false);
    expect(checkBump("1.2.0", "1.3.0", report(["property-added", "compatible"])).ok).toBe(true);
    expect(
      checkBump("1.2.0", "1.2.0", report(["description-changed", "compatible"], ["equivalent", "compatible"])).ok,
    ).toBe(true);
    expect(checkBump("1.2.0", "1.2.0", report(["default-changed", "needs-review"])).ok).toBe(false);
    expect(checkBump("1.3.0", "1.2.0", report()).ok).toBe(false);
  });
  it('major-only versions (Wit\'s "1"): breaking needs a higher number, additive fits in the same one', () => {
    expect(checkBump("1", "1", report(["method-removed", "breaking"])).ok).toBe(false);
    expect(checkBump("1", "2", report(["method-removed", "breaking"])).ok).toBe(true);
    expect(checkBump("1", "1", report(["method-added", "compatible"])).ok).toBe(true);
  });
  it("a change the engine could not judge (undecided) fails unless the bump is major", () => {
    expect(checkBump("1.2.0", "1.3.0", report(["analysis-failed", "undecided"]))).toMatchObject({
      ok: false,
      impact: "undecided",
    });
    expect(checkBump("1.2.0", "1.3.0", report(["analysis-failed", "needs-review"])).ok).toBe(true);
    expect(checkBump("1.2.0", "2.0.0", report(["analysis-failed", "undecided"])).ok).toBe(true);
    expect(checkBump("1", "1", report(["analysis-failed", "undecided"])).ok).toBe(false);
  });
});
