/**
 * Every command on a public description nobody here wrote (issue 38): Twilio's messaging_v1 at two
 * commits (../shared/corpus, provenance in its README; 0.44 / 0.49 MB, OpenAPI 3.0.1). No command
 * may exit 3, and the diff's verdicts are the ones a person checked by hand against the two files:
 * - `messaging.v1.brand_registrations.errors` items went from `{type: object}` to `{}`: a 200
 *   response may now carry `errors: [null]`, which old clients refuse: breaking, response side.
 * - `messaging.v1.domain_cert_v4.cert_in_validation` lost `type: object` (kept `nullable`): it now
 *   accepts booleans: breaking, response side.
 * - `messaging.v1.tollfree_verification` names members an open object took before: compatible.
 * The generated code compiles under `tsc --init`'s defaults with `"module": "nodenext"`.
 * Without the corpus beside the checkout the file is skipped, and says so.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

const REPO = resolve(import.meta.dirname, "../..");
const CORPUS = process.env.CONTRACT_SUITE_CORPUS ?? resolve(REPO, "../shared/corpus");
const OLD = join(CORPUS, "twilio/messaging_v1.old.json");
const NEW = join(CORPUS, "twilio/messaging_v1.new.json");
const present = existsSync(OLD) && existsSync(NEW);
const dir = mkdtempSync(join(tmpdir(), "cs-corpus-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Finding {
  kind: string;
  verdict: string;
  direction: string;
  subject: { label: string };
  at?: string;
  message: string;
}

describe.skipIf(!present)(`every command on Twilio's messaging_v1 pair (${CORPUS})`, () => {
  it("validate accepts both versions", async () => {
    for (const doc of [OLD, NEW]) {
      const r = await runCli(["validate", doc]);
      expect(r.code, r.stdout + r.stderr).toBe(0);
    }
  });

  it("lint answers without an error finding (warnings only)", async () => {
    const r = await runCli(["lint", NEW, "--format", "json"]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { ok: boolean; findings: { severity: string }[] };
    expect(out.ok).toBe(true);
    expect(out.findings.filter((f) => f.severity === "error")).toEqual([]);
    expect(out.findings.length).toBeGreaterThan(0);
  });

  it("diff finds the hand-checked changes, with their verdicts and sides", async () => {
    const r = await runCli(["diff", OLD, NEW, "--format", "json"]);
    expect(r.code, r.stderr).toBe(1);
    const out = JSON.parse(r.stdout) as { verdict: string; findings: Finding[] };
    expect(out.verdict).toBe("breaking");
    const find = (subject: string, member: string) =>
      out.findings.filter((f) => f.subject.label.includes(subject) && f.message.includes(member));
    const errors = find("brand_registrations", "errors");
    expect(errors.map((f) => [f.kind, f.verdict, f.direction])).toEqual([["type-widened", "breaking", "response"]]);
    const cert = find("domain_cert_v4", "cert_in_validation");
    expect(cert.map((f) => [f.kind, f.verdict, f.direction])).toEqual([["type-widened", "breaking", "response"]]);
    const named = find("tollfree_verification", "vetting_provider");
    expect(named.map((f) => f.verdict)).toEqual(["compatible"]);
    // Nothing the engine could not decide, and no finding twice.
    expect(out.findings.filter((f) => f.verdict === "undecided")).toEqual([]);
    const keys = out.findings.map((f) => `${f.kind} ${f.subject.label} ${f.at ?? ""} ${f.message}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("diff of a version against itself is empty and exits 0", async () => {
    const r = await runCli(["diff", NEW, NEW, "--format", "json"]);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { findings: unknown[] }).findings).toEqual([]);
  });

  it("gen writes code that compiles under tsc --init's defaults with module nodenext, and check passes on it", async () => {
    const doc = join(dir, "messaging.json");
    copyFileSync(NEW, doc);
    const out = join(dir, "generated");
    const g = await runCli(["gen", doc, "--out", out]);
    expect(g.code, g.stdout + g.stderr).toBe(0);
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "es2016",
          module: "nodenext",
          strict: true,
          esModuleInterop: true,
          skipLibCheck: true,
          forceConsistentCasingInFileNames: true,
          noEmit: true,
          types: [],
        },
        include: ["generated"],
      }),
    );
    writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module", private: true }));
    // What `npm install @contract-suite/runtime` puts there: the generated operations import it.
    mkdirSync(join(dir, "node_modules/@contract-suite"), { recursive: true });
    symlinkSync(join(REPO, "packages/runtime"), join(dir, "node_modules/@contract-suite/runtime"));
    const tsc = spawnSync(process.execPath, [join(REPO, "node_modules/typescript/bin/tsc"), "-p", dir], {
      encoding: "utf8",
    });
    expect(tsc.status, tsc.stdout + tsc.stderr).toBe(0);
    const c = await runCli(["check", doc, "--out", out]);
    expect(c.code, c.stdout + c.stderr).toBe(0);
    expect(c.stdout).toMatch(/pass\s+gen --check/);
  }, 120_000);
});
