/**
 * `contract-suite wit hook install`: writes the repository's pre-commit hook, which runs
 * `contract-suite wit hook run` through the package bin with the node that installed it.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PACKAGE_BIN } from "../client/lifecycle.js";

export const HOOK_MARKER = "# wit-pre-commit-hook (installed by contract-suite wit hook install)";

export class HookInstallError extends Error {
  override readonly name = "HookInstallError";
}

/** Single-quoted for sh. */
function shQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export function hookScript(node = process.execPath, bin = PACKAGE_BIN): string {
  return [
    "#!/bin/sh",
    HOOK_MARKER,
    "# Sends the staged content of .ts .tsx .js .jsx .py files to the Wit daemon's check-contracts",
    "# (2-second timeout). A violation of an accepted contract blocks the commit; an unreachable",
    "# daemon lets it through.",
    `exec ${shQuote(node)} ${shQuote(bin)} wit hook run --root "$(git rev-parse --show-toplevel)"`,
    "",
  ].join("\n");
}

export function hookPath(root: string): string {
  let hooks: string;
  try {
    hooks = execFileSync("git", ["rev-parse", "--git-path", "hooks"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
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
      if (!options.force) throw new HookInstallError(`${file} exists and was not installed by wit; rerun with --force to replace it (it is kept as pre-commit.wit-backup)`);
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
