import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  normalizeRelPath,
  parseSymbolPath,
  resolveInsideRealRoot,
  resolveInsideRoot,
  resolveSymbolPath,
  walkInsideRoot,
} from "../../src/wit/paths.js";

let base: string;
let root: string;
let outside: string;

beforeAll(() => {
  base = realpathSync(mkdtempSync(path.join(tmpdir(), "wit-paths-")));
  root = path.join(base, "repo");
  outside = path.join(base, "outside");
  mkdirSync(path.join(root, "src/deep"), { recursive: true });
  mkdirSync(outside);
  writeFileSync(path.join(root, "src/auth.ts"), "export function f() {}\n");
  writeFileSync(path.join(outside, "secret.ts"), "secret\n");
  symlinkSync(outside, path.join(root, "out-dir")); // absolute link leaving the root
  symlinkSync("../../outside/secret.ts", path.join(root, "src/out-file.ts")); // relative link leaving
  symlinkSync("auth.ts", path.join(root, "src/alias.ts")); // link staying inside
  symlinkSync("../../src", path.join(root, "src/deep/up")); // '..' inside a target, still inside
  symlinkSync("../../outside/nope.ts", path.join(root, "dangling-out.ts")); // dangling, would leave
  symlinkSync("src/not-yet.ts", path.join(root, "dangling-in.ts")); // dangling, stays inside
  symlinkSync("loop-b", path.join(root, "loop-a"));
  symlinkSync("loop-a", path.join(root, "loop-b"));
  symlinkSync("missing-dir/../../outside", path.join(root, "climb-missing"));
  // A link whose route leaves the root but lands back inside it.
  symlinkSync(`../repo/src`, path.join(root, "round-trip"));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

function reason(rel: string): string {
  const r = resolveInsideRoot(root, rel);
  return r.ok ? "ok" : r.reason;
}

describe("resolveInsideRoot", () => {
  it("accepts paths inside the root and canonicalises them", () => {
    expect(resolveInsideRoot(root, "src/auth.ts")).toEqual({
      ok: true,
      abs: path.join(root, "src/auth.ts"),
      rel: "src/auth.ts",
      exists: true,
      real: "src/auth.ts",
    });
    expect(resolveInsideRoot(root, "./src//auth.ts")).toMatchObject({ ok: true, rel: "src/auth.ts" });
    expect(resolveInsideRoot(root, "src/deep/")).toMatchObject({ ok: true, rel: "src/deep", exists: true });
  });

  it("accepts a path inside the root that does not exist (not an error)", () => {
    expect(resolveInsideRoot(root, "src/new/file.ts")).toMatchObject({
      ok: true,
      rel: "src/new/file.ts",
      exists: false,
    });
    expect(resolveInsideRoot(root, "src/auth.ts/child")).toMatchObject({ ok: true, exists: false }); // file used as a directory
  });

  it("refuses absolute paths, '..', NUL bytes, backslashes and empty paths before touching the disk", () => {
    expect(reason("/etc/passwd")).toBe("absolute");
    expect(reason(path.join(root, "src/auth.ts"))).toBe("absolute"); // even when it points inside
    expect(reason("C:/x.ts")).toBe("absolute");
    expect(reason("../outside/secret.ts")).toBe("dot-dot");
    expect(reason("src/../../outside/secret.ts")).toBe("dot-dot");
    expect(reason("src/../src/auth.ts")).toBe("dot-dot"); // refused even though it stays inside
    expect(reason("src/auth.ts\0.png")).toBe("nul-byte");
    expect(reason("src\\auth.ts")).toBe("backslash");
    expect(reason("")).toBe("empty");
    expect(reason("./")).toBe("empty");
    expect(reason("a".repeat(5000))).toBe("too-long");
    expect(resolveInsideRoot(root, 42 as unknown as string)).toMatchObject({ ok: false, reason: "not-a-string" });
  });

  it("refuses symlinks that lead outside the root, including through a missing tail", () => {
    expect(reason("out-dir/secret.ts")).toBe("symlink-escape");
    expect(reason("out-dir")).toBe("symlink-escape");
    expect(reason("out-dir/not-there.ts")).toBe("symlink-escape"); // nearest existing ancestor is outside
    expect(reason("src/out-file.ts")).toBe("symlink-escape");
    expect(reason("dangling-out.ts")).toBe("symlink-escape");
    expect(reason("climb-missing/secret.ts")).toBe("symlink-escape");
    expect(reason("loop-a")).toBe("symlink-loop");
  });

  it("accepts symlinks that stay inside the root", () => {
    expect(resolveInsideRoot(root, "src/alias.ts")).toMatchObject({ ok: true, rel: "src/alias.ts", exists: true });
    expect(resolveInsideRoot(root, "src/deep/up/auth.ts")).toMatchObject({ ok: true, exists: true });
    expect(resolveInsideRoot(root, "dangling-in.ts")).toMatchObject({ ok: true, exists: false });
    expect(resolveInsideRoot(root, "round-trip/auth.ts")).toMatchObject({ ok: true, exists: true });
  });

  it("works when the root itself is given through a symlink", () => {
    const linkedRoot = path.join(base, "linked-root");
    symlinkSync(root, linkedRoot);
    expect(resolveInsideRoot(linkedRoot, "src/auth.ts")).toMatchObject({
      ok: true,
      abs: path.join(root, "src/auth.ts"),
    });
    expect(resolveInsideRoot(linkedRoot, "out-dir/secret.ts")).toMatchObject({ ok: false, reason: "symlink-escape" });
  });

  it("reports an unusable root clearly", () => {
    expect(resolveInsideRoot(path.join(base, "no-such-root"), "a.ts")).toMatchObject({
      ok: false,
      reason: "root-unavailable",
    });
  });

  it("returns the real path: symlinks inside the root expanded, a missing tail under its real ancestor", () => {
    expect(resolveInsideRoot(root, "src/alias.ts")).toMatchObject({
      ok: true,
      rel: "src/alias.ts",
      real: "src/auth.ts",
    });
    expect(resolveInsideRoot(root, "src/deep/up/auth.ts")).toMatchObject({ real: "src/auth.ts" });
    expect(resolveInsideRoot(root, "round-trip/auth.ts")).toMatchObject({ real: "src/auth.ts" });
    expect(resolveInsideRoot(root, "src/deep/up/new/x.ts")).toMatchObject({ exists: false, real: "src/new/x.ts" });
    // A dangling link inside the root: where its target will be once created.
    expect(resolveInsideRoot(root, "dangling-in.ts")).toMatchObject({ exists: false, real: "src/not-yet.ts" });
    expect(resolveInsideRoot(root, "src/auth.ts/child")).toMatchObject({ exists: false, real: "src/auth.ts/child" });
  });

  it("resolveInsideRealRoot gives resolveInsideRoot's verdicts for a real root", () => {
    for (const rel of [
      "src/auth.ts",
      "src/alias.ts",
      "out-dir/secret.ts",
      "dangling-out.ts",
      "dangling-in.ts",
      "loop-a",
      "../x",
      "src/new.ts",
    ]) {
      expect(resolveInsideRealRoot(root, rel)).toEqual(resolveInsideRoot(root, rel));
    }
  });

  it("the one-realpath fast path agrees with the component walk on any tree of links (property)", () => {
    // A small tree whose links point inside, outside, at the root, above it, at each other, at
    // nothing; paths are random walks over those names. Every verdict (reason, exists, real path)
    // must be the walk's.
    const t = mkdtempSync(path.join(base, "links-"));
    const r = path.join(t, "r");
    mkdirSync(path.join(r, "d/e"), { recursive: true });
    mkdirSync(path.join(t, "out"));
    writeFileSync(path.join(r, "d/f.ts"), "x");
    writeFileSync(path.join(t, "out/o.ts"), "x");
    const targets = [
      "d",
      "d/f.ts",
      "../out",
      path.join(t, "out"),
      ".",
      "..",
      "../r/d",
      "nope",
      "l0",
      "l1",
      "d/e",
      "e/../f.ts",
      r,
      "../r/nope/x",
    ];
    const names = ["d", "e", "f.ts", "l0", "l1", "l2", "l3", "nope", "o.ts"];
    const segments = fc.constantFrom(...names);
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...targets), { minLength: 4, maxLength: 4 }),
        fc.array(fc.array(segments, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 8 }),
        (linkTargets, paths) => {
          for (const [i, target] of linkTargets.entries()) {
            const at = path.join(r, i % 2 === 0 ? "" : "d", `l${i}`);
            rmSync(at, { force: true });
            symlinkSync(target, at);
          }
          for (const parts of paths) {
            const rel = parts.join("/");
            expect(resolveInsideRealRoot(r, rel)).toEqual(walkInsideRoot(r, rel));
          }
        },
      ),
      { seed: 40_402, numRuns: 200 },
    );
  });

  it("never accepts a lexically unsafe path, whatever the input (property)", () => {
    const segment = fc.constantFrom("a", "b.ts", "..", ".", "", "/", "\\", "\0", "src", "C:");
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), (parts) => {
        const rel = parts.join("/");
        const r = normalizeRelPath(rel);
        if (!r.ok) return;
        expect(r.rel.split("/")).not.toContain("..");
        expect(r.rel.startsWith("/")).toBe(false);
        expect(r.rel).not.toMatch(/[\0\\]/);
        expect(path.resolve(root, r.rel).startsWith(root + path.sep)).toBe(true);
      }),
      { seed: 40_401, numRuns: 300 },
    );
  });
});

describe("symbol paths", () => {
  it("splits at the last ':'", () => {
    expect(parseSymbolPath("src/auth.ts:validateToken")).toEqual({
      ok: true,
      file: "src/auth.ts",
      symbol: "validateToken",
    });
    expect(parseSymbolPath("src/a:b.ts:AuthService.check")).toEqual({
      ok: true,
      file: "src/a:b.ts",
      symbol: "AuthService.check",
    });
  });

  it("refuses malformed symbol paths with a reason", () => {
    expect(parseSymbolPath("no-colon")).toMatchObject({ ok: false, reason: "no-colon" });
    expect(parseSymbolPath(":f")).toMatchObject({ ok: false, reason: "empty-file" });
    expect(parseSymbolPath("a.ts:")).toMatchObject({ ok: false, reason: "empty-symbol" });
    expect(parseSymbolPath("a.ts:f\0")).toMatchObject({ ok: false, reason: "nul-byte" });
    expect(parseSymbolPath(null)).toMatchObject({ ok: false, reason: "not-a-string" });
  });

  it("resolveSymbolPath combines both checks and returns the canonical form", () => {
    expect(resolveSymbolPath(root, "./src//auth.ts:f")).toMatchObject({
      ok: true,
      symbolPath: "src/auth.ts:f",
      file: "src/auth.ts",
      exists: true,
    });
    expect(resolveSymbolPath(root, "src/missing.ts:f")).toMatchObject({ ok: true, exists: false });
    expect(resolveSymbolPath(root, "../x.ts:f")).toMatchObject({ ok: false, reason: "dot-dot" });
    expect(resolveSymbolPath(root, "out-dir/secret.ts:f")).toMatchObject({ ok: false, reason: "symlink-escape" });
    expect(resolveSymbolPath(root, "nocolon")).toMatchObject({ ok: false, reason: "no-colon" });
  });
});
