/**
 * `contract-suite wit hook install`: writes the repository's pre-commit hook, which runs
 * `contract-suite wit hook run` through the first CLI it finds (see `hookScript`).
 */
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CLI_BIN } from "../daemon-command.js";

export const HOOK_MARKER = "# wit-pre-commit-hook (installed by contract-suite wit hook install)";

export class HookInstallError extends Error {
  override readonly name = "HookInstallError";
}

/** Single-quoted for sh. */
function shQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * The hook finds the CLI where it is now, not where it was (decision 143): the repository's
 * `node_modules/.bin`, then `PATH`, then the bin recorded at install (with the node that installed
 * it, else `node` on PATH). None: one line on stderr and the commit proceeds (fail open).
 */
export function hookScript(node = process.execPath, bin = CLI_BIN): string {
  const run = "wit hook run --from-process-start";
  return [
    "#!/bin/sh",
    HOOK_MARKER,
    "# Sends the staged content of .ts .tsx .js .jsx .py files to the Wit daemon's check-contracts",
    "# (2-second budget for the whole hook). A violation of an accepted contract blocks the commit;",
    "# an unreachable daemon or a missing contract-suite lets it through.",
    'root="$(git rev-parse --show-toplevel)" || exit 0',
    'if [ -x "$root/node_modules/.bin/contract-suite" ]; then',
    `  exec "$root/node_modules/.bin/contract-suite" ${run} --root "$root"`,
    "elif command -v contract-suite >/dev/null 2>&1; then",
    `  exec contract-suite ${run} --root "$root"`,
    `elif [ -f ${shQuote(bin)} ]; then`,
    `  if [ -x ${shQuote(node)} ]; then exec ${shQuote(node)} ${shQuote(bin)} ${run} --root "$root"; fi`,
    `  if command -v node >/dev/null 2>&1; then exec node ${shQuote(bin)} ${run} --root "$root"; fi`,
    "fi",
    `echo "wit: contract-suite not found (node_modules/.bin, PATH, ${bin.replace(/["`$\\]/g, "")}); contracts not checked" >&2`,
    "exit 0",
    "",
  ].join("\n");
}

export function hookPath(root: string): string {
  let hooks: string;
  try {
    hooks = execFileSync("git", ["rev-parse", "--git-path", "hooks"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    }).trim();
  } catch (e) {
    throw new HookInstallError(`${root} is not inside a git repository (${(e as Error).message.split("\n")[0]})`);
  }
  return path.join(path.resolve(root, hooks), "pre-commit");
}

export interface InstallResult {
  path: string;
  /** Where a foreign hook was moved (with --force). */
  backup?: string;
  replaced: boolean;
}

export function installHook(root: string, options: { force?: boolean } = {}): InstallResult {
  const file = hookPath(root);
  let backup: string | undefined;
  let replaced = false;
  if (existsSync(file)) {
    const current = readFileSync(file, "utf8");
    if (!current.includes(HOOK_MARKER)) {
      if (!options.force)
        throw new HookInstallError(
          `${file} exists and was not installed by wit; rerun with --force to replace it (it is kept as pre-commit.wit-backup)`,
        );
      backup = `${file}.wit-backup`;
      renameSync(file, backup);
    }
    replaced = true;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, hookScript(), { mode: 0o755 });
  chmodSync(file, 0o755);
  return { path: file, backup, replaced };
}

export function uninstallHook(root: string): { path: string; removed: boolean } {
  const file = hookPath(root);
  if (!existsSync(file) || !readFileSync(file, "utf8").includes(HOOK_MARKER)) return { path: file, removed: false };
  rmSync(file);
  return { path: file, removed: true };
}
