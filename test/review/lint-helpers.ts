/** Builds throwaway registries on disk for the lint tests (the real loader and engine run on them). */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll } from "vitest";
import { loadRegistry } from "../../src/contracts/index.js";
import { runLint, type LintOptions, type LintReport, type LintFinding } from "../../src/review/lint/engine.js";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

export interface TempContract {
  kind: "json-schema" | "openrpc" | "openapi";
  /** File name -> content (objects are JSON-encoded, strings written as they are). The first is the entry. */
  files: Record<string, unknown>;
  name?: string;
}

/** Writes a registry holding the given contracts (and an optional lint.json); returns its folder. */
export function tempRegistry(contracts: TempContract[], lintConfig?: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), "contract-suite-lint-"));
  dirs.push(dir);
  const entries = contracts.map((c, i) => {
    const name = c.name ?? `c${i}`;
    for (const [file, content] of Object.entries(c.files)) {
      const path = join(dir, name, file);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content, null, 2));
    }
    return { name, kind: c.kind, version: "1.0.0", entry: `${name}/${Object.keys(c.files)[0]}` };
  });
  writeFileSync(join(dir, "index.json"), JSON.stringify({ contracts: entries }, null, 2));
  if (lintConfig !== undefined)
    writeFileSync(
      join(dir, "lint.json"),
      typeof lintConfig === "string" ? lintConfig : JSON.stringify(lintConfig, null, 2),
    );
  return dir;
}

export async function lint(
  contracts: TempContract[],
  options: LintOptions & { config?: unknown } = {},
): Promise<LintReport> {
  const dir = tempRegistry(contracts, options.config);
  return runLint(loadRegistry(dir), options);
}

/** Findings of one rule, for a single JSON Schema document. */
export async function ruleFindings(
  rule: string,
  schema: unknown,
  options: LintOptions & { config?: unknown; kind?: TempContract["kind"]; file?: string } = {},
): Promise<LintFinding[]> {
  const report = await lint(
    [{ kind: options.kind ?? "json-schema", files: { [options.file ?? "schema.json"]: schema } }],
    options,
  );
  return [...report.findings, ...report.waived].filter((f) => f.rule === rule);
}

export const S = "https://json-schema.org/draft/2020-12/schema";
