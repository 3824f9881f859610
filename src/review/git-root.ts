/**
 * The root of a `git:<ref>:<path>` input: the commit's tree, read with `git ls-tree` and
 * `git cat-file`, never from the working folder and with no temporary copy. Files are named by
 * their would-be absolute path under the repository's top folder, so references resolve as on
 * disk; only regular blobs are read (a symlink or submodule entry is refused: the tree holds its
 * target's name, not its content, and following it could leave the tree).
 */
import { execFileSync } from "node:child_process";
import { posix, relative, sep } from "node:path";
import { MissingDocument, RefusedReference, type DocumentRoot } from "../contracts/index.js";

/** Runs git with literal pathspecs (no `:(glob)` magic in a file name); throws with git's one-line message. */
export function runGit(args: string[], cwd: string, maxBuffer = 1024 * 1024): Buffer {
  try {
    return execFileSync("git", ["--literal-pathspecs", ...args], {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
      maxBuffer,
    });
  } catch (e) {
    const err = e as { stderr?: Buffer; message: string };
    throw new GitError(`git ${args.join(" ")}: ${(err.stderr?.toString() || err.message).trim().split("\n")[0]}`);
  }
}

export class GitError extends Error {
  override readonly name = "GitError";
}

/** The commit a ref names, resolved once so every file of one input comes from the same tree. */
export function resolveCommit(ref: string, top: string): string {
  try {
    return runGit(["rev-parse", "--verify", "--quiet", "--end-of-options", `${ref}^{commit}`], top)
      .toString()
      .trim();
  } catch {
    throw new GitError(`no commit named ${JSON.stringify(ref)}`);
  }
}

/** A root over the tree of `commit` in the repository whose top folder is `top`. */
export function gitTreeRoot(top: string, commit: string): DocumentRoot {
  return {
    folders: [top],
    read(file, maxBytes) {
      const path = relative(top, file).split(sep).join(posix.sep);
      const listing = runGit(["ls-tree", "-z", "-l", commit, "--", path], top).toString();
      const entry = listing.split("\0").find((l) => l.endsWith(`\t${path}`));
      if (!entry) throw new MissingDocument(`no such file in commit ${commit.slice(0, 12)}`);
      const [mode, type, oid, size] = entry.slice(0, entry.indexOf("\t")).split(/\s+/);
      if (mode === "120000") throw new RefusedReference("is a symlink in the commit (git inputs follow none)");
      if (type !== "blob") throw new RefusedReference("is not a regular file in the commit");
      if (Number(size) > maxBytes) throw new RefusedReference(`is ${size} bytes, more than the ${maxBytes} allowed`);
      return runGit(["cat-file", "blob", oid!], top, maxBytes + 1);
    },
  };
}
