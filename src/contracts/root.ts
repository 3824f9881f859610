/**
 * The root a document is read inside: the folders its references may resolve into and the one
 * way its files are read. A registry's root is its folder, a file argument's is the file's folder,
 * a `git:` input's is the commit's tree (src/review/git-root.ts); `--ref-root DIR` adds folders.
 *
 * Every reference is refused, with a message naming the reference and never the target's content,
 * when it is an absolute URI (`file:`, `http:`: the tools fetch nothing), an absolute path, a
 * relative path leaving every folder, or a file whose real path (symlinks resolved) leaves them.
 * Only regular files are read (no FIFO, device or /proc entry), and no more than the byte cap.
 */
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";

/** A reference or file the root does not let the loader read; the message is one line and names no content. */
export class RefusedReference extends Error {
  override readonly name = "RefusedReference";
}

/** A file inside the root that does not exist. */
export class MissingDocument extends Error {
  override readonly name = "MissingDocument";
}

export interface DocumentRoot {
  /** Absolute folders a reference may resolve inside; the first is the document's own root. */
  readonly folders: readonly string[];
  /** Reads a file lexically inside a folder, refusing one that is not a regular file inside the root or is over `maxBytes`. */
  read(file: string, maxBytes: number): Buffer;
}

/** Whether `path` is `folder` or inside it, compared as written (no file system access). */
export function isInside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

export function insideRoot(root: DocumentRoot, path: string): boolean {
  return root.folders.some((f) => isInside(path, f));
}

/** How a root is named in messages: its first folder, and how many more `--ref-root` added. */
export function describeRoot(root: DocumentRoot): string {
  const more = root.folders.length - 1;
  return more > 0 ? `${root.folders[0]} (and ${more} --ref-root folder${more > 1 ? "s" : ""})` : root.folders[0]!;
}

/** The root of a folder on disk, widened by `widen` (the `--ref-root` folders). */
export function folderRoot(folder: string, widen: readonly string[] = []): DocumentRoot {
  const folders = [...new Set([folder, ...widen].map((f) => resolve(f)))];
  let real: string[] | undefined;
  // Real paths of the folders, so a root reached through a symlink (/tmp on some systems) still holds its files.
  const realFolders = () =>
    (real ??= folders.map((f) => {
      try {
        return realpathSync(f);
      } catch {
        return f;
      }
    }));
  return {
    folders,
    read(file, maxBytes) {
      let realFile: string;
      try {
        realFile = realpathSync(file);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") throw new MissingDocument("no such file");
        throw new RefusedReference(`cannot be read (${(e as NodeJS.ErrnoException).code ?? "error"})`);
      }
      if (!realFolders().some((f) => isInside(realFile, f)))
        throw new RefusedReference("is a symlink leading out of the document root");
      let fd: number;
      try {
        // O_NONBLOCK: opening a FIFO must not wait for a writer; O_NOFOLLOW: the path checked is the path read.
        fd = openSync(realFile, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
      } catch (e) {
        throw new RefusedReference(`cannot be read (${(e as NodeJS.ErrnoException).code ?? "error"})`);
      }
      try {
        const st = fstatSync(fd);
        if (!st.isFile()) throw new RefusedReference("is not a regular file");
        if (st.size > maxBytes) throw new RefusedReference(`is ${st.size} bytes, more than the ${maxBytes} allowed`);
        // Read at most one byte past the cap: a file that grows after fstat is still bounded.
        const buf = Buffer.allocUnsafe(Math.min(st.size, maxBytes) + 1);
        let n = 0;
        for (let r; n < buf.length && (r = readSync(fd, buf, n, buf.length - n, null)) > 0; ) n += r;
        if (n > maxBytes) throw new RefusedReference(`is more than the ${maxBytes} bytes allowed`);
        return buf.subarray(0, n);
      } finally {
        closeSync(fd);
      }
    },
  };
}

/** The root of a document given as a file argument: its own folder, widened by `--ref-root`. */
export function documentRoot(path: string, widen: readonly string[] = []): DocumentRoot {
  return folderRoot(dirname(resolve(path)), widen);
}
