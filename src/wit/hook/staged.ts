/**
 * What is about to be committed: the staged (index) content of every added, copied, modified or
 * renamed supported source file, read from git's object store, never from the working tree, and
 * every deleted one (a rename is a deletion plus an addition) as empty content: a contracted
 * symbol whose file is deleted or moved away is "not found in staged content", a violation.
 * Paths the daemon cannot hold a contract for (a backslash, a drive-like `c:`) are named in
 * `skipped`; the others are still checked.
 */
import { normalizeRelPath } from "../paths.js";
import { execFileSync } from "node:child_process";
import { isSupportedFile } from "../analysis/languages.js";

export interface StagedFile {
  path: string;
  content: string;
}

export interface StagedSet {
  files: StagedFile[];
  /** Supported files left out, with why (too large for the daemon). */
  skipped: { path: string; reason: string }[];
}

function git(root: string, args: string[], input?: string | Buffer): Buffer {
  return execFileSync("git", args, {
    cwd: root,
    input,
    maxBuffer: 1024 * 1024 * 1024,
    stdio: ["pipe", "pipe", "pipe"],
  });
}

/** Staged supported files of the repository at `root`. */
export function readStagedFiles(root: string, options: { maxFileBytes: number }): StagedSet {
  const list = (filter: string) =>
    git(root, ["diff", "--cached", "--name-only", "-z", `--diff-filter=${filter}`, "--no-renames"])
      .toString("utf8")
      .split("\0")
      .filter((p) => p.length > 0 && isSupportedFile(p));
  const skipped: StagedSet["skipped"] = [];
  const usable = (p: string) => {
    const r = normalizeRelPath(p);
    if (!r.ok) skipped.push({ path: p, reason: `a path Wit cannot hold a contract for (${r.message})` });
    return r.ok;
  };
  const names = list("ACMR").filter(usable);
  const deleted: StagedFile[] = list("D")
    .filter(usable)
    .map((p) => ({ path: p, content: "" }));
  if (names.length === 0) return { files: deleted, skipped };
  // Blob ids from the index, then every blob through one `git cat-file --batch`.
  const entries = git(root, ["ls-files", "--stage", "-z", "--", ...names.map((n) => `:(literal)${n}`)])
    .toString("utf8")
    .split("\0")
    .filter(Boolean)
    .map((line) => {
      const tab = line.indexOf("\t");
      const [, sha, stage] = line.slice(0, tab).split(" ");
      return { path: line.slice(tab + 1), sha: sha!, stage: stage! };
    })
    .filter((e) => e.stage === "0");
  const out = git(root, ["cat-file", "--batch"], entries.map((e) => `${e.sha}\n`).join(""));
  const files: StagedFile[] = [...deleted];
  let at = 0;
  for (const e of entries) {
    const headerEnd = out.indexOf(0x0a, at);
    const header = out.subarray(at, headerEnd).toString("utf8").split(" ");
    const size = Number(header[2]);
    const start = headerEnd + 1;
    at = start + size + 1;
    if (header[1] !== "blob" || !Number.isSafeInteger(size)) continue;
    if (size > options.maxFileBytes) {
      skipped.push({ path: e.path, reason: `larger than ${options.maxFileBytes} bytes` });
      continue;
    }
    files.push({ path: e.path, content: out.subarray(start, start + size).toString("utf8") });
  }
  return { files, skipped };
}
