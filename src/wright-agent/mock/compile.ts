/**
 * The compile workflow: render the program in a target locale and write it to a file, with the
 * contract's guarantees — never overwrite without force, never overwrite an input (even with
 * force), write nothing on failure (the file appears by rename, whole or not at all), undeclared
 * locale is invalid-locale, a declared locale lacking a mapping the program needs is missing-mapping.
 */
import { existsSync, realpathSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { basename, dirname, extname, join, resolve } from "node:path";
import type * as C from "../../generated/wright-agent/types.js";
import type * as F from "../../generated/wright-agent-fixture/types.js";
import type { Program } from "./program.js";
import { sha256Hex } from "./text.js";

export type Rendered = { ok: true; text: string } | { ok: false; missing: string[] };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The program text in `locale`: every vocabulary spelling of the input locale that the sources
 * use is replaced by the target locale's canonical spelling. A used entry without a spelling in
 * the target locale is a missing mapping (no fallback).
 */
export function renderProgram(program: Program, catalog: F.Catalog, locale: string): Rendered {
  const input = program.fixture.project.locales.input;
  const entries = catalog.languages.workshop?.entries ?? [];
  const bySpelling = new Map<string, F.VocabularyEntry>();
  for (const e of entries) {
    const spelling = e.spellings[input]?.[0];
    if (spelling) bySpelling.set(spelling, e);
  }
  const spellings = [...bySpelling.keys()].sort((a, b) => b.length - a.length);
  const pattern = spellings.length
    ? new RegExp(`(?<![\\w])(?:${spellings.map(escape).join("|")})(?![\\w])`, "g")
    : undefined;
  const used = new Set<F.VocabularyEntry>();
  if (pattern)
    for (const s of program.sources) for (const m of s.text.matchAll(pattern)) used.add(bySpelling.get(m[0])!);
  const unmapped = [...used].filter((e) => !e.spellings[locale]?.length);
  // The names only word the missing-mapping message.
  if (unmapped.length) return { ok: false, missing: [...new Set(unmapped.map((e) => e.spellings[input]![0]!))].sort() };
  const translate = (text: string) =>
    pattern && locale !== input ? text.replace(pattern, (m) => bySpelling.get(m)!.spellings[locale]![0]!) : text;
  const header = `// Compiled by ${catalog.service.name} ${catalog.service.version} from ${program.entry.path} (locale ${locale})\n`;
  const parts = program.sources.map((s) => `// ${s.path}\n${translate(s.text)}`);
  return { ok: true, text: header + parts.join("\n") };
}

export function hasErrors(program: Program): boolean {
  return (program.fixture.diagnostics ?? []).some((d) => d.severity === "error");
}

export function programDiagnostics(program: Program): C.Diagnostic[] {
  return (program.fixture.diagnostics ?? []).map((d) => {
    const span = program.span(d.span);
    // The fixture's diagnostics are workshop-rs's: a parse problem is the frontend's, the rest validation's.
    return {
      code: d.code,
      stage: d.code === "parse-error" ? "frontend" : "validation",
      severity: d.severity,
      message: d.message,
      ...(span ? { span } : {}),
      source: { kind: "workshop-rs" },
    };
  });
}

export interface CompileOptions {
  output?: string | undefined;
  force?: boolean | undefined;
  to?: string | undefined;
  cwd: string;
}

export interface CompileOutcome {
  exit: number;
  diagnostics: C.Diagnostic[];
  output: { written_to: string; sha256: string } | null;
  locale: string;
}

function refusal(
  code: string,
  message: string,
  exit: number,
  locale: string,
  diagnostics: C.Diagnostic[] = [],
): CompileOutcome {
  const refused: C.Diagnostic = {
    code,
    stage: "emission",
    severity: "error",
    message,
    source: { kind: "wright" },
  };
  return { exit, diagnostics: [...diagnostics, refused], output: null, locale };
}

/** True when `target` is (or resolves through symlinks to) one of the inputs. */
function isInput(target: string, inputs: readonly string[]): boolean {
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return resolve(p);
    }
  };
  const t = real(target);
  // Equal paths have equal real paths, so the real-path test alone decides (a symlinked directory too).
  return inputs.some((i) => real(i) === t);
}

export function compileProgram(program: Program, catalog: F.Catalog, options: CompileOptions): CompileOutcome {
  const locales = program.fixture.project.locales;
  const locale = options.to ?? locales.input;
  if (!locales.declared.includes(locale))
    return refusal(
      "invalid-locale",
      `locale ${locale} is not declared (declared: ${locales.declared.join(", ")})`,
      2,
      locale,
    );
  const target = resolve(
    options.cwd,
    options.output ?? `${basename(program.entry.path, extname(program.entry.path))}.ow`,
  );
  const inputs = [program.fixturePath, ...program.sources.map((s) => s.absolutePath)];
  const why = {
    input: `${target} is an input of the project; compile never overwrites its input`,
    exists: `${target} exists; pass force: true to replace it`,
  };
  if (isInput(target, inputs)) return refusal("output-is-input", why.input, 2, locale);
  if (existsSync(target) && !options.force) return refusal("output-exists", why.exists, 2, locale);
  const diagnostics = programDiagnostics(program);
  if (hasErrors(program)) return { exit: 1, diagnostics, output: null, locale };
  const rendered = renderProgram(program, catalog, locale);
  if (!rendered.ok) {
    const why = `locale ${locale} has no mapping for ${rendered.missing.join(", ")}`;
    return refusal("missing-mapping", why, 1, locale, diagnostics);
  }
  // Write beside the target and rename, so a failure never leaves a partial file behind.
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
  try {
    writeFileSync(temp, rendered.text);
    renameSync(temp, target);
  } catch (e) {
    try {
      unlinkSync(temp);
    } catch {
      /* nothing was written */
    }
    return refusal("output-io", `cannot write ${target}: ${(e as Error).message}`, 2, locale, diagnostics);
  }
  return { exit: 0, diagnostics, output: { written_to: target, sha256: sha256Hex(rendered.text) }, locale };
}
