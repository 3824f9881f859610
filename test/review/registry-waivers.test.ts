/**
 * Registry waivers for undecided findings (issue 32 item 4, decision 253): `check --registry` and
 * `diff --registry` fail on an undecided finding unless index.json waives it by finding id or kind
 * with a reason, or the bump is major; a waiver without a reason is refused (exit 2); a waiver that
 * matches nothing is reported.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

const tmp = mkdtempSync(join(tmpdir(), "registry-waivers-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A name whose pattern gains a lookahead: no linear engine runs it, so the change is undecided (decision 252). */
const doc = (pattern: string) =>
  JSON.stringify({
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $defs: {
      Pet: {
        type: "object",
        description: "A pet.",
        required: ["name"],
        properties: { name: { type: "string", description: "Its name.", pattern } },
      },
    },
  });

let n = 0;
/** A registry with the pet contract at `version` (history 1.0.0) and the given top-level members. */
function registry(version: string, extra: Record<string, unknown> = {}): string {
  const dir = join(tmp, `r${n++}`);
  mkdirSync(join(dir, "history"), { recursive: true });
  writeFileSync(join(dir, "history/pet.json"), doc("^a+$"));
  writeFileSync(join(dir, "pet.json"), doc("^(?=a)a+$"));
  // The lookahead is what lint's non-portable-regex rule is about: off here, so compat alone decides.
  writeFileSync(join(dir, "lint.json"), JSON.stringify({ rules: { "non-portable-regex": "off" } }));
  writeFileSync(
    join(dir, "index.json"),
    JSON.stringify({
      contracts: [
        {
          name: "pet",
          kind: "json-schema",
          version,
          entry: "pet.json",
          history: [{ version: "1.0.0", entry: "history/pet.json" }],
        },
      ],
      ...extra,
    }),
  );
  return dir;
}

async function check(dir: string) {
  const r = await runCli(["check", "--registry", dir, "--format", "json"]);
  const stages =
    r.code === 2
      ? []
      : (JSON.parse(r.stdout).stages as { stage: string; ok: boolean; summary: string; details: string[] }[]);
  return { ...r, compat: stages.find((s) => s.stage === "compat"), others: stages.filter((s) => s.stage !== "compat") };
}

const diff = (dir: string, ...more: string[]) =>
  runCli([
    "diff",
    join(dir, "history/pet.json"),
    join(dir, "pet.json"),
    "--registry",
    dir,
    "--format",
    "json",
    ...more,
  ]);

const REASON = "the lookahead only restates ^a; reviewed by hand";

describe("registry waivers for undecided findings", () => {
  it("an unwaived undecided finding fails check and diff (exit 1)", async () => {
    const dir = registry("1.1.0");
    const c = await check(dir);
    expect(c.code, c.stdout).toBe(1);
    expect(c.others.every((s) => s.ok)).toBe(true);
    expect(c.compat).toMatchObject({ ok: false });
    expect(c.compat!.details.join("\n")).toContain("undecided pattern-changed");
    const d = await diff(dir);
    expect(d.code, d.stderr).toBe(1);
    expect(JSON.parse(d.stdout).verdict).toBe("undecided");
  });

  it("a major bump accepts it without a waiver", async () => {
    const c = await check(registry("2.0.0"));
    expect(c.code, c.stdout).toBe(0);
  });

  it("a waiver by kind or by finding id, with its reason, lets it pass as needs-review", async () => {
    const first = JSON.parse((await diff(registry("1.1.0"))).stdout).findings[0];
    expect(first).toMatchObject({ kind: "pattern-changed", verdict: "undecided" });
    for (const waiver of [{ kind: "pattern-changed" }, { finding: first.id }]) {
      const dir = registry("1.1.0", { waivers: [{ contract: "pet", ...waiver, reason: REASON }] });
      const c = await check(dir);
      expect(c.code, JSON.stringify(c.compat)).toBe(0);
      expect(c.compat!.summary).toContain("1 undecided finding(s) waived by the registry");
      const d = await diff(dir);
      expect(d.code, d.stderr).toBe(0);
      const out = JSON.parse(d.stdout);
      expect(out.verdict).toBe("needs-review");
      expect(out.findings[0]).toMatchObject({
        id: first.id,
        verdict: "needs-review",
        waived: { reason: REASON, by: "finding" in waiver ? "finding" : "kind", location: "index.json#/waivers/0" },
      });
      expect(out.findings[0].evidence).toContain(`waived by index.json#/waivers/0: ${REASON}`);
      expect(d.stderr).toBe("");
    }
  });

  it("a waived undecided finding still needs the minor bump a reviewed change needs", async () => {
    const c = await check(
      registry("1.0.1", { waivers: [{ contract: "pet", kind: "pattern-changed", reason: REASON }] }),
    );
    expect(c.code).toBe(1);
    expect(c.compat!.details.join("\n")).toContain("needs at least a minor bump");
  });

  it("a waiver without a reason, with a short one, or naming nothing known is refused (exit 2)", async () => {
    for (const [waiver, said] of [
      [{ contract: "pet", kind: "pattern-changed" }, "must have required property 'reason'"],
      [
        { contract: "pet", kind: "pattern-changed", reason: "ok" },
        "/waivers/0/reason must NOT have fewer than 10 characters",
      ],
      [{ contract: "cat", kind: "pattern-changed", reason: REASON }, 'names unknown contract "cat"'],
      [{ contract: "pet", kind: "pattern-chnaged", reason: REASON }, 'unknown change kind "pattern-chnaged"'],
      [{ contract: "pet", reason: REASON }, "names neither a finding and a kind"],
      [{ contract: "pet", kind: "pattern-changed", finding: "0123456789ab", reason: REASON }, "names both"],
      [{ contract: "pet", finding: "not-an-id", reason: REASON }, "/waivers/0/finding must match pattern"],
    ] as const) {
      const dir = registry("1.1.0", { waivers: [waiver] });
      for (const r of [await check(dir), await diff(dir)]) {
        expect(r.code, `${JSON.stringify(waiver)}: ${r.stdout}`).toBe(2);
        expect(r.stderr).toContain(said);
        expect(r.stdout).toBe("");
      }
    }
  });

  it("a waiver that matches no undecided finding fails check and is noted by diff", async () => {
    const dir = registry("1.1.0", {
      waivers: [
        { contract: "pet", kind: "pattern-changed", reason: REASON },
        { contract: "pet", kind: "enum-value-removed", reason: "no enum here any more, kept by mistake" },
      ],
    });
    const c = await check(dir);
    expect(c.code).toBe(1);
    expect(c.compat!.details).toEqual([
      "index.json#/waivers/1: waiver for pet kind enum-value-removed matches no undecided finding: delete it",
    ]);
    const d = await diff(dir);
    expect(d.code).toBe(0);
    expect(d.stderr).toBe(
      "note: index.json#/waivers/1: waiver for pet kind enum-value-removed matches no undecided finding in this diff\n",
    );
  });
});
