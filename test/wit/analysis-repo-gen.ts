/** Generates a synthetic repository (TS + Python, cross-file imports) for cache and scale tests. */
import { writeTree } from "./analysis-fixtures.js";

export function generateRepo(
  root: string,
  fileCount: number,
): { files: number; distinctContents: number; bytes: number } {
  const files: Record<string, string> = {};
  const tsCount = Math.round(fileCount * 0.75);
  for (let i = 0; i < tsCount; i++) {
    const dir = `src/m${Math.floor(i / 50)}`;
    const deps = [1, 7, 31].map((d) => (i + d) % tsCount).filter((d) => d !== i);
    const imports = deps.map((d) => `import { fn${d}a, Svc${d} } from "../m${Math.floor(d / 50)}/f${d}";`).join("\n");
    const body = deps.map((d) => `  fn${d}a(x);\n  new Svc${d}().run(x);`).join("\n");
    files[`${dir}/f${i}.ts`] = `${imports}

/** Generated module ${i}. */
export function fn${i}a(x: number): number {
${body}
  return x + ${i};
}

export const fn${i}b = async (name: string, opts?: { retries: number }): Promise<string | null> => {
  return fn${i}a(name.length) > 0 ? name : null;
};

export class Svc${i} {
  private count = 0;
  run(x: number): void {
    this.count += fn${i}a(x);
    this.helper(String(x));
  }
  helper(s: string): string {
    return s.repeat(2);
  }
}
`;
  }
  for (let i = 0; i < fileCount - tsCount; i++) {
    const pkg = `py/p${Math.floor(i / 25)}`;
    const dep = (i + 3) % (fileCount - tsCount);
    files[`${pkg}/__init__.py`] = "";
    files[`${pkg}/mod${i}.py`] = `from py.p${Math.floor(dep / 25)}.mod${dep} import func${dep}


def func${i}(x: int, *, scale: float = 1.0) -> float:
    return func_helper${i}(x) * scale


def func_helper${i}(x: int) -> int:
    return x + ${i}


class Model${i}:
    def __init__(self, name: str) -> None:
        self.name = name

    def score(self) -> float:
        return func${dep}(len(self.name)) + self.bonus()

    def bonus(self) -> float:
        return 0.5
`;
  }
  writeTree(root, files);
  let bytes = 0;
  for (const c of Object.values(files)) bytes += Buffer.byteLength(c);
  return { files: Object.keys(files).length, distinctContents: new Set(Object.values(files)).size, bytes };
}
