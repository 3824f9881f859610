/**
 * Lists every supported source file under the root, tracked by git or not. Directories named in
 * `ignoreDirs` (at any depth) are skipped, and symlinks are not followed (a symlinked file is
 * analysed under its real path if that is inside the root; nothing outside is ever read).
 */
import { readdirSync, statSync, type Stats } from "node:fs";
import path from "node:path";
import { isSupportedFile } from "./languages.js";

export const DEFAULT_IGNORED_DIRS: readonly string[] = ["node_modules", ".git", ".wit"];

export interface ScannedFile {
  rel: string;
  abs: string;
  stat: Stats;
}

export interface ScanResult {
  files: ScannedFile[];
  /** True when `maxFiles` stopped the walk early. */
  truncated: boolean;
}

/**
 * Walks breadth-first in sorted order (deterministic truncation). Unreadable directories and
 * files that vanish mid-walk are skipped silently: the scan describes what could be read.
 */
export async function scanSourceFiles(
  root: string,
  options: { ignoreDirs: ReadonlySet<string>; maxFiles: number; yieldEvery?: number },
): Promise<ScanResult> {
  const files: ScannedFile[] = [];
  const queue: string[] = [""];
  const yieldEvery = options.yieldEvery ?? 500;
  let sinceYield = 0;
  while (queue.length > 0) {
    const dirRel = queue.shift() as string;
    let entries;
    try {
      entries = readdirSync(dirRel === "" ? root : path.join(root, dirRel), { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const rel = dirRel === "" ? entry.name : `${dirRel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!options.ignoreDirs.has(entry.name)) queue.push(rel);
        continue;
      }
      if (!entry.isFile() || !isSupportedFile(entry.name)) continue;
      if (files.length >= options.maxFiles) return { files, truncated: true };
      const abs = path.join(root, rel);
      let stat: Stats;
      try {
        stat = statSync(abs);
      } catch {
        continue;
      }
      files.push({ rel, abs, stat });
      // Keep the daemon's event loop responsive during a cold scan of a large repository.
      if (++sinceYield >= yieldEvery) {
        sinceYield = 0;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
  }
  return { files, truncated: false };
}
