/**
 * Runs the fenced code blocks of a README as a reader would (test/docs/readme-blocks.test.ts).
 *
 * A README gets a sandbox: a temporary git repository holding a copy of the repository's
 * `contracts/` (so commands naming the repository's documents, or `--registry contracts`, work
 * without touching the tree), a package.json of type module and `node_modules` linked to the
 * repository's (so `@contract-suite/*` resolve to the built workspace packages and
 * `npx contract-suite` to the built CLI). Its blocks run in order in that sandbox: a block that
 * starts a daemon serves the next one.
 *
 * - `sh`: one command per line (`&&` chains them, `#` starts a comment, `\` continues a line).
 *   `npx contract-suite ARGS` runs the built CLI as a process and must exit 0;
 *   `npm install [-D] NAME...` must name packages this repository builds (test/packaging installs
 *   their real tarballs). Anything else is refused with the reason: `npm test`, `npm ci` and
 *   `contract-suite check` (the test suite and the CI gate themselves), servers that run until
 *   stopped, pipes and redirections. A refused command fails its block: mark the block.
 * - `js` / `mjs`: written to a .mjs file in the sandbox and run with node; must exit 0.
 * - `ts`: type-checked with the real TypeScript compiler (strict, module nodenext,
 *   exactOptionalPropertyTypes) against the packages' declarations (skipLibCheck: the declarations
 *   themselves are checked by test/packaging's strict consumer).
 * - Any block opts out only by its fence info: ```` ```sh skip-test <reason> ````; the reason is
 *   required, and the test lists every opt-out.
 */
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import ts from "typescript";

const run = promisify(execFile);
export const REPO = join(import.meta.dirname, "../..");
const CLI = join(REPO, "bin/contract-suite.mjs");

export interface Block {
  /** The first word of the fence info, lower-cased ("" when there is none). */
  lang: string;
  /** The reason after `skip-test`, or undefined when the block runs. "" when the marker has no reason. */
  skip: string | undefined;
  code: string;
  /** 1-based line of the opening fence. */
  line: number;
}

/** Every fenced (```) block of a Markdown text. An unclosed fence is an error. */
export function extractBlocks(markdown: string): Block[] {
  const lines = markdown.split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, info] = open as unknown as [string, string, string, string];
    const words = info
      .trim()
      .split(/\s+/)
      .filter((w) => w.length > 0);
    const at = words.indexOf("skip-test");
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const l = lines[j]!;
      if (l.trim().startsWith(fence) && l.trim().replace(/`/g, "") === "") break;
      body.push(l.startsWith(indent) ? l.slice(indent.length) : l);
    }
    if (j === lines.length) throw new Error(`line ${i + 1}: a fence that is never closed`);
    blocks.push({
      lang: (words[0] ?? "").toLowerCase(),
      skip: at < 0 ? undefined : words.slice(at + 1).join(" "),
      code: body.join("\n"),
      line: i + 1,
    });
    i = j;
  }
  return blocks;
}

/** Splits a command line into words (single and double quotes; no expansion). */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (const c of line) {
    if (quote) {
      if (c === quote) quote = undefined;
      else word = (word ?? "") + c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= "";
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? "") + c;
  }
  if (quote) throw new Error(`unclosed ${quote} in: ${line}`);
  if (word !== undefined) words.push(word);
  return words;
}

/** The commands of a `sh` block: continuation lines joined, comments dropped, `&&` split. */
export function shCommands(code: string): string[] {
  const joined = code.replace(/\\\n/g, " ");
  const out: string[] = [];
  for (const raw of joined.split("\n")) {
    // A `#` starts a comment at the start of a word (not inside one, e.g. a URL's fragment).
    const line = raw.replace(/(^|\s)#.*$/, "").trim();
    if (line === "") continue;
    for (const part of line.split("&&")) if (part.trim() !== "") out.push(part.trim());
  }
  return out;
}

export type Step =
  | { kind: "cli"; args: string[] }
  | { kind: "install"; names: string[] }
  | { kind: "refused"; why: string };

const REFUSED_SUBCOMMANDS: Record<string, string> = {
  check: "`contract-suite check` is the whole CI gate (minutes), which npm test already runs",
  serve: "a server runs until it is stopped",
};

/** What the test does with one command of a `sh` block. */
export function classify(command: string, ourPackages: readonly string[]): Step {
  if (/[|<>;`$]/.test(command.replace(/"[^"]*"|'[^']*'/g, "")))
    return { kind: "refused", why: `pipes, redirections and expansions are not run: ${command}` };
  const words = shellWords(command);
  const cli = words[0] === "npx" && words[1] === "contract-suite" ? 2 : words[0] === "contract-suite" ? 1 : -1;
  if (cli >= 0) {
    const args = words.slice(cli);
    const sub = args[0];
    if (sub !== undefined && REFUSED_SUBCOMMANDS[sub] && !args.includes("--help"))
      return { kind: "refused", why: REFUSED_SUBCOMMANDS[sub]! };
    return { kind: "cli", args };
  }
  if (words[0] === "npm" && (words[1] === "install" || words[1] === "i")) {
    const names = words.slice(2).filter((w) => !w.startsWith("-"));
    const foreign = names.filter((n) => !ourPackages.includes(n));
    if (names.length === 0 || foreign.length > 0)
      return {
        kind: "refused",
        why: `installs ${foreign.join(", ") || "nothing named"}: not a package of this repository`,
      };
    return { kind: "install", names };
  }
  if (words[0] === "npm" && ["test", "t", "ci", "run", "run-script"].includes(words[1] ?? ""))
    return { kind: "refused", why: `\`${words.slice(0, 2).join(" ")}\` runs the repository's own build or tests` };
  return { kind: "refused", why: `not a command this test knows how to run: ${command}` };
}

export interface Sandbox {
  dir: string;
  close(): Promise<void>;
}

export async function openSandbox(): Promise<Sandbox> {
  const dir = mkdtempSync(join(tmpdir(), "cs-readme-"));
  cpSync(join(REPO, "contracts"), join(dir, "contracts"), { recursive: true });
  symlinkSync(join(REPO, "node_modules"), join(dir, "node_modules"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "readme-reader", private: true, type: "module" }));
  await run("git", ["init", "-q", dir]);
  return {
    dir,
    async close() {
      // A block may have started a Wit daemon for the sandbox: stop it before the folder goes.
      if (existsSync(join(dir, ".wit")))
        await run(process.execPath, [CLI, "wit", "daemon", "stop", "--root", dir], { cwd: dir }).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function exec(file: string, args: string[], cwd: string): Promise<string | undefined> {
  try {
    await run(file, args, {
      cwd,
      timeout: 120_000,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, NO_COLOR: "1" },
    });
    return undefined;
  } catch (e) {
    const err = e as { code?: number | string; signal?: string; stdout?: string; stderr?: string };
    const lines = `${err.stderr ?? ""}${err.stdout ?? ""}`.trim().split("\n");
    // The thrown error's own line (a stack's tail alone does not say what went wrong), then the end.
    const thrown = lines.find((l) => /^\w*Error\b/.test(l));
    const tail = [...(thrown && !lines.slice(-4).includes(thrown) ? [thrown] : []), ...lines.slice(-4)].join("\n");
    return `exit ${err.code ?? err.signal}${tail ? `:\n${tail}` : ""}`;
  }
}

/** Type-checks a TypeScript file with the repository's compiler, as a strict nodenext consumer. */
export function typecheckFile(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    exactOptionalPropertyTypes: true,
    skipLibCheck: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    types: ["node"],
    noEmit: true,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1} ` : ""}${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
    );
}

/**
 * Runs one block in the sandbox. Returns the problems ([] when the block ran as written).
 * A block marked skip-test is not run (the caller lists it).
 */
export async function runBlock(block: Block, sandbox: Sandbox, ourPackages: readonly string[]): Promise<string[]> {
  const tag = `block-${block.line}`;
  switch (block.lang) {
    case "sh":
    case "bash":
    case "shell": {
      const problems: string[] = [];
      for (const command of shCommands(block.code)) {
        const step = classify(command, ourPackages);
        if (step.kind === "refused")
          problems.push(`${command}: refused (${step.why}); mark the block skip-test <reason>`);
        else if (step.kind === "cli") {
          const failed = await exec(process.execPath, [CLI, ...step.args], sandbox.dir);
          if (failed) problems.push(`${command}: ${failed}`);
        }
        // install: the names are this repository's packages, linked into the sandbox already.
      }
      return problems;
    }
    case "js":
    case "mjs":
    case "javascript": {
      const file = join(sandbox.dir, `${tag}.mjs`);
      writeFileSync(file, block.code);
      const failed = await exec(process.execPath, [file], sandbox.dir);
      return failed ? [`node ${tag}.mjs: ${failed}`] : [];
    }
    case "ts":
    case "typescript": {
      const file = join(sandbox.dir, `${tag}.ts`);
      writeFileSync(file, block.code);
      return typecheckFile(file);
    }
    default:
      return [`a \`${block.lang || "(no language)"}\` block is not run by this test: mark it skip-test <reason>`];
  }
}
