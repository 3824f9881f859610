/**
 * Where the suite's data files are: the contracts/ registry and the conformance vectors. In the
 * repository they sit at its root; in an installed `contract-suite` (or a client package that carries
 * a contract) they sit at the package root, copied there when the package is packed. The search
 * climbs from this module through package roots that are ours only, so it never picks up a user's
 * own `contracts/` folder. See docs/decisions/110-packages.md.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const OUR_PACKAGES = /^(contract-suite|contract-suite-repo|@contract-suite\/[a-z-]+)$/;
const found = new Map<string, string>();

/** The absolute path of `relative` (e.g. "contracts/index.json") in the nearest package root of ours that has it. */
export function assetPath(relative: string): string {
  const hit = found.get(relative);
  if (hit) return hit;
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; ) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      if (!OUR_PACKAGES.test(packageName(manifest))) break;
      const candidate = join(dir, relative);
      if (existsSync(candidate)) {
        found.set(relative, candidate);
        return candidate;
      }
    }
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  throw new Error(
    `contract-suite: ${relative} is missing from this installation (a package packed without its assets?)`,
  );
}

/** The folder that holds contracts/: the repository root, or an installed package's root. */
export function assetRoot(): string {
  return dirname(dirname(assetPath("contracts/index.json")));
}

function packageName(manifest: string): string {
  try {
    return String((JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown }).name ?? "");
  } catch {
    return "";
  }
}
