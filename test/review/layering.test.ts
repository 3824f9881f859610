/** Review code stands beside codegen, not on it; and its modules form no import cycle. */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../../src/review");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

function imports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/^import\s[^;]*?from\s+"([^"]+)"/gms)].filter((m) => !/^import\s+type\s/.test(m[0])).map((m) => m[1]!).filter((s) => s.startsWith(".")).map((s) => resolve(dirname(file), s.replace(/\.js$/, ".ts")));
}

describe("review layering", () => {
  // mirror.ts belongs to the frame-wire area and is left as it is.
  const own = files(ROOT).filter((f) => !f.endsWith("mirror.ts"));

  it("no review module imports codegen (shared code lives in src/schema and src/json)", () => {
    const offenders = own.filter((f) => imports(f).some((i) => i.includes("/codegen/")));
    expect(offenders).toEqual([]);
  });

  it("has no runtime import cycle among review modules", () => {
    const graph = new Map(own.map((f) => [f, imports(f).filter((i) => i.startsWith(ROOT))]));
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const visit = (f: string, stack: string[]): void => {
      if (state.get(f) === "done") return;
      if (state.get(f) === "open") {
        cycles.push([...stack.slice(stack.indexOf(f)), f].map((x) => x.slice(ROOT.length + 1)).join(" -> "));
        return;
      }
      state.set(f, "open");
      for (const n of graph.get(f) ?? []) visit(n, [...stack, f]);
      state.set(f, "done");
    };
    for (const f of graph.keys()) visit(f, []);
    expect(cycles).toEqual([]);
  });
});
