/** `contract-suite diff` end to end: inputs (files, git refs), formats, exit codes, received lookup. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseGitSpec, SourceError } from "../../src/review/source.js";
import { runCli } from "../helpers/cli.js";

const ROOT = resolve(import.meta.dirname, "../..");
const WIT = join(ROOT, "contracts/wit/openrpc.json");
const FW_OLD = join(ROOT, "contracts/frame-wire/history/1.2.0/frame_wire.json");
const FW_NEW = join(ROOT, "contracts/frame-wire/frame_wire.json");
const tmp = mkdtempSync(join(tmpdir(), "contract-suite-diff-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function witVariant(name: string, edit: (d: any) => void): string {
  const doc = JSON.parse(readFileSync(WIT, "utf8"));
  edit(doc);
  const path = join(tmp, name);
  writeFileSync(path, JSON.stringify(doc, null, 2));
  return path;
}

const enumNarrowed = () =>
  witVariant("narrowed.json", (d) =>
    d.methods.find((m: any) => m.name === "intent.update").params[2].schema.enum.pop(),
  );

describe("contract-suite diff", () => {
  it("a compatible pair exits 0; JSON output has the documented shape", async () => {
    const r = await runCli(["diff", FW_OLD, FW_NEW, "--format", "json"]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.verdict).toBe("compatible");
    expect(out.findings.length).toBeGreaterThan(0);
    for (const c of out.findings) {
      expect(Object.keys(c)).toEqual(expect.arrayContaining(["path", "kind", "direction", "verdict", "evidence"]));
      expect(["breaking", "compatible", "needs-review"]).toContain(c.verdict);
    }
    // The registry marks frame-wire's events as received: their surfaces are judged both ways.
    expect(out.findings.find((c: any) => c.path === "#/$defs/FrameEvent")?.direction).toBe("both");
  });

  it("a breaking change exits 1 and carries its counterexample in every format", async () => {
    const path = enumNarrowed();
    const json = await runCli(["diff", WIT, path, "--format", "json"]);
    expect(json.code).toBe(1);
    const change = JSON.parse(json.stdout).findings[0];
    expect(change).toMatchObject({
      kind: "enum-value-removed",
      direction: "request",
      verdict: "breaking",
      counterexample: { valid: "old", invalid: "new" },
    });
    expect(change.counterexample.payload.params.status).toBe("abandoned");
    const text = await runCli(["diff", WIT, path]);
    // Grouped by method, the counterexample as the call it is.
    expect(text.stdout).toMatch(/^intent\.update\n {2}BREAKING {2}params: .*\[enum-value-removed [0-9a-f]{12}\]$/m);
    expect(text.stdout).toMatch(
      /^ +intent\.update called with params \{.*"status":"abandoned".*\} is accepted by old and refused by new: status /m,
    );
    // The annotation sits on the param's enum in the new document (params[2].schema.enum, written as `params/status/enum`).
    const lines = readFileSync(path, "utf8").split("\n");
    const method = lines.findIndex((l) => l.includes('"name": "intent.update"'));
    const param = lines.findIndex((l, i) => i > method && l.includes('"name": "status"'));
    const enumLine = lines.findIndex((l, i) => i > param && l.includes('"enum"')) + 1;
    expect(enumLine).toBeGreaterThan(0);
    expect((await runCli(["diff", WIT, path, "--format", "github"])).stdout).toMatch(
      new RegExp(
        `^::error file=[^,]*narrowed\\.json,line=${enumLine},col=13,title=breaking%3A enum-value-removed \\[`,
        "m",
      ),
    );
    expect((await runCli(["diff", WIT, path, "--format", "junit"])).stdout).toMatch(
      /<failure message="enum-value-removed/,
    );
    expect((await runCli(["diff", WIT, path, "--format", "markdown"])).stdout).toMatch(/^\*\*breaking\*\*/);
  });

  it("--fail-on needs-review also fails on a change it cannot decide", async () => {
    // `not` forbidding rare values inside the integer range: neither proved nor shown by a payload
    // (a listed value such as `{const: 123457}` is tried as a payload, decision 277, and shown breaking).
    const path = witVariant(
      "undecided.json",
      (d) =>
        (d.methods.find((m: any) => m.name === "lock.acquire").params[2].schema.not = {
          multipleOf: 104729,
          minimum: 5000,
        }),
    );
    const lenient = await runCli(["diff", WIT, path]);
    expect(lenient.code).toBe(0);
    expect(lenient.stdout).toMatch(/^ {2}REVIEW +params: `ttlMs`: .* \[constraint-changed [0-9a-f]{12}\]$/m);
    expect((await runCli(["diff", WIT, path, "--fail-on", "needs-review"])).code).toBe(1);
  });

  it("a changed default of a request param is breaking (clients that omit it get another behaviour)", async () => {
    const path = witVariant(
      "default.json",
      (d) => (d.methods.find((m: any) => m.name === "lock.acquire").params[2].schema.default = 60000),
    );
    const r = await runCli(["diff", WIT, path, "--format", "json"]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).findings[0]).toMatchObject({
      kind: "default-changed",
      verdict: "breaking",
      direction: "request",
    });
  });

  it("--level overrides the verdict of a change kind (oasdiff-style severity levels)", async () => {
    const path = witVariant(
      "default2.json",
      (d) => (d.methods.find((m: any) => m.name === "lock.acquire").params[2].schema.default = 60000),
    );
    const r = await runCli([
      "diff",
      WIT,
      path,
      "--fail-on",
      "needs-review",
      "--level",
      "default-changed=compatible",
      "--format",
      "json",
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).findings[0]).toMatchObject({
      kind: "default-changed",
      verdict: "compatible",
      evidence: expect.stringContaining("overridden"),
    });
    const strict = await runCli([
      "diff",
      WIT,
      enumNarrowed(),
      "--level",
      "enum-value-removed=ignore",
      "--format",
      "json",
    ]);
    expect(strict.code).toBe(0);
    expect(JSON.parse(strict.stdout).verdict).toBe("compatible");
    expect((await runCli(["diff", WIT, path, "--level", "default-changed"])).code).toBe(2);
  });

  it("reads git:<ref>:<path> inputs, following relative $refs at the same ref", async () => {
    // The 1.2.0 history (with its ./forge_block.json) as committed, against the working tree.
    const r = await runCli([
      "diff",
      "git:HEAD:contracts/frame-wire/history/1.2.0/frame_wire.json",
      FW_OLD,
      "--format",
      "json",
    ]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.findings).toEqual([]);
    expect(out.stats.unchanged).toBe(out.stats.surfaces);
  });

  it("bad inputs are usage errors (exit 2) with a clear message", async () => {
    const missing = await runCli(["diff", WIT, join(tmp, "nope.json")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no such file/);
    const badRef = await runCli(["diff", "git:no-such-ref-xyz:contracts/wit/openrpc.json", WIT]);
    expect(badRef.code).toBe(2);
    expect(badRef.stderr).toMatch(/no commit named "no-such-ref-xyz"/);
    expect((await runCli(["diff", WIT, WIT, "--samples", "0"])).code).toBe(2);
    expect(() => parseGitSpec("git:HEAD")).toThrow(SourceError);
    expect(() => parseGitSpec("git:--output=x:a.json")).toThrow(/may not start with '-'/);
  });

  it("diff, lint and check document their exit codes and the github format in --help", async () => {
    for (const cmd of ["diff", "lint", "check"]) {
      const r = await runCli([cmd, "--help"]);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/Exit codes:\n {2}0 {2}success/);
      expect(r.stdout).toMatch(/"github"/);
    }
  });

  it("a document with an unresolvable $ref is refused (exit 2) with the reason", async () => {
    const path = witVariant("broken.json", (d) => (d.methods[0].result.schema = { $ref: "#/components/schemas/Nope" }));
    const r = await runCli(["diff", WIT, path]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/does not resolve/);
  });
});
