/**
 * Every decision record has a status line under its title and a line in docs/decisions/README.md,
 * and the index names no record that is not there (issue 37 item 2).
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const DECISIONS = join(import.meta.dirname, "../../docs/decisions");
const STATUS = /^Status: (accepted|superseded by \d{3}|lab note, folded into \S+)/;

/** What is wrong with a folder of decision records and its README index; [] when nothing is. */
export function decisionIndexProblems(dir: string): string[] {
  const records = readdirSync(dir).filter((f) => /^\d{3}-.+\.md$/.test(f));
  const index = readFileSync(join(dir, "README.md"), "utf8");
  const linked = new Set([...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((m) => m[1]!));
  const problems: string[] = [];
  for (const f of records) {
    const head = readFileSync(join(dir, f), "utf8").split("\n").slice(0, 6);
    if (!head.some((l) => STATUS.test(l)))
      problems.push(
        `${f}: no "Status: accepted | superseded by NNN | lab note, folded into <doc>" line under the title`,
      );
    if (!linked.has(f)) problems.push(`${f}: no line in README.md`);
  }
  for (const f of linked) if (!records.includes(f)) problems.push(`README.md names ${f}, which is not there`);
  return problems;
}

describe("docs/decisions", () => {
  it("has a status line on every record and an index line for each", () => {
    expect(decisionIndexProblems(DECISIONS)).toEqual([]);
  });

  it("the check names a record without status, one left out of the index, and an index line for nothing", () => {
    const dir = mkdtempSync(join(tmpdir(), "cs-decisions-"));
    writeFileSync(join(dir, "001-a.md"), "# 001 — a\n\nStatus: accepted.\n\nText.\n");
    writeFileSync(join(dir, "002-b.md"), "# 002 — b\n\nText without a status.\n");
    writeFileSync(join(dir, "README.md"), "| [001](001-a.md) | a | accepted |\n| [003](003-c.md) | c | accepted |\n");
    expect(decisionIndexProblems(dir)).toEqual([
      `002-b.md: no "Status: accepted | superseded by NNN | lab note, folded into <doc>" line under the title`,
      "002-b.md: no line in README.md",
      "README.md names 003-c.md, which is not there",
    ]);
    writeFileSync(join(dir, "002-b.md"), "# 002 — b\n\nStatus: superseded by 001.\n");
    writeFileSync(
      join(dir, "README.md"),
      "| [001](001-a.md) | a | accepted |\n| [002](002-b.md) | b | superseded by 001 |\n",
    );
    expect(decisionIndexProblems(dir)).toEqual([]);
  });
});
