/**
 * The loader reads nothing outside a document's root: absolute URIs and paths, `..` past the root
 * and symlinks out of it are refused with a problem naming the reference, never the target's
 * content; `--ref-root` (folderRoot's `widen`) lets references reach a named folder. Registry
 * entries are confined the same way, and `git:` inputs read the commit's tree, not the disk.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  documentRoot,
  folderRoot,
  loadDocument,
  loadRegistry,
  RegistryError,
  type Problem,
} from "../../src/contracts/index.js";
import { gitTreeRoot, resolveCommit } from "../../src/review/git-root.js";

const SECRET = "DB_PASSWORD=hunter2";
const tmp = mkdtempSync(join(tmpdir(), "contract-suite-confined-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A folder `<tmp>/<name>/` with a secret beside it (outside) and the given files inside. */
function layout(name: string, files: Record<string, string>): string {
  const base = join(tmp, name);
  mkdirSync(join(base, "repo"), { recursive: true });
  writeFileSync(join(base, "secret.yml"), `github.com: ${SECRET}\n`);
  writeFileSync(join(base, "secret.env"), `${SECRET}\n`);
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(join(base, "repo", f, ".."), { recursive: true });
    writeFileSync(join(base, "repo", f), text);
  }
  return join(base, "repo");
}

const schema = (ref: string) => JSON.stringify({ $defs: { A: { $ref: ref } } });
const noSecret = (problems: Problem[], doc: { files: Map<string, unknown> }) => {
  expect(JSON.stringify(problems)).not.toContain("hunter2");
  expect(JSON.stringify([...doc.files.values()])).not.toContain("hunter2");
};

describe("references stay inside the root", () => {
  it.each([
    ["a relative path past the root", "../secret.yml#/github.com", /leaves the document root/],
    ["a deeper relative path past the root", "sub/../../secret.env", /leaves the document root/],
    ["an absolute path", `${tmp}/refs-abs/secret.yml`, /is an absolute path/],
    ["a file: URL", "file:///etc/passwd", /is an absolute URI; the tools fetch nothing/],
    ["an http: URL", "http://169.254.169.254/latest/meta-data", /is an absolute URI/],
  ])("refuses %s, naming the reference", async (_what, ref, message) => {
    const dir = layout(`refs-${_what.replace(/\W+/g, "-")}`, { "s.json": schema(ref) });
    const { doc, problems } = await loadDocument(join(dir, "s.json"), documentRoot(join(dir, "s.json")));
    const refused = problems.filter((p) => p.rule === "ref-refused");
    expect(refused).toHaveLength(1);
    expect(refused[0]!.pointer).toBe("/$defs/A");
    expect(refused[0]!.message).toContain(JSON.stringify(ref));
    expect(refused[0]!.message).toMatch(message);
    // Reported once: not again as an unresolved reference.
    expect(problems.filter((p) => p.rule === "unresolved-ref")).toEqual([]);
    expect(doc.files.size).toBe(1);
    noSecret(problems, doc);
  });

  it("follows a reference inside the root, and one into a --ref-root folder", async () => {
    const dir = layout("widen", { "s.json": schema("../shared/t.json#/$defs/T"), "u.json": schema("./v.json") });
    writeFileSync(join(dir, "v.json"), "{}");
    mkdirSync(join(dir, "..", "shared"));
    writeFileSync(join(dir, "..", "shared", "t.json"), JSON.stringify({ $defs: { T: { type: "string" } } }));
    const inside = await loadDocument(join(dir, "u.json"), documentRoot(join(dir, "u.json")));
    expect(inside.problems).toEqual([]);
    expect(inside.doc.files.size).toBe(2);
    const narrow = await loadDocument(join(dir, "s.json"), documentRoot(join(dir, "s.json")));
    expect(narrow.problems.map((p) => p.rule)).toEqual(["ref-refused"]);
    const wide = await loadDocument(
      join(dir, "s.json"),
      documentRoot(join(dir, "s.json"), [join(dir, "..", "shared")]),
    );
    expect(wide.problems).toEqual([]);
    expect(wide.doc.files.size).toBe(2);
  });

  it("refuses a symlink leading out of the root, but follows one that stays inside", async () => {
    const dir = layout("symlinks", { "s.json": schema("./link.yml#/github.com"), "t.json": schema("./inner.json") });
    symlinkSync(join(dir, "..", "secret.yml"), join(dir, "link.yml"));
    writeFileSync(join(dir, "real.json"), "{}");
    symlinkSync(join(dir, "real.json"), join(dir, "inner.json"));
    const out = await loadDocument(join(dir, "s.json"), documentRoot(join(dir, "s.json")));
    expect(out.problems.find((p) => p.rule === "load")?.message).toMatch(/symlink leading out of the document root/);
    noSecret(out.problems, out.doc);
    const inner = await loadDocument(join(dir, "t.json"), documentRoot(join(dir, "t.json")));
    expect(inner.problems).toEqual([]);
  });

  it("refuses a symlinked folder leading out, a FIFO and a device without reading them", async () => {
    const dir = layout("special", { "s.json": JSON.stringify({ $defs: { A: { $ref: "./out/secret.env" } } }) });
    symlinkSync(join(dir, ".."), join(dir, "out"));
    const viaFolder = await loadDocument(join(dir, "s.json"), documentRoot(join(dir, "s.json")));
    expect(viaFolder.problems.find((p) => p.rule === "load")?.message).toMatch(/symlink leading out/);
    execFileSync("mkfifo", [join(dir, "fifo.json")]);
    writeFileSync(join(dir, "f.json"), schema("./fifo.json"));
    const fifo = await loadDocument(join(dir, "f.json"), documentRoot(join(dir, "f.json")));
    expect(fifo.problems.find((p) => p.rule === "load")?.message).toMatch(/not a regular file/);
    const dev = await loadDocument("/dev/zero", folderRoot("/dev"));
    expect(dev.problems[0]!.message).toMatch(/not a regular file/);
  });

  it("refuses an entry document outside its root and a file over the byte cap", async () => {
    const dir = layout("entry", { "big.json": `[${"0,".repeat(600)}0]` });
    const outside = await loadDocument(join(dir, "..", "secret.yml"), folderRoot(dir));
    expect(outside.problems[0]!.message).toMatch(/outside its root/);
    noSecret(outside.problems, outside.doc);
    const big = await loadDocument(join(dir, "big.json"), folderRoot(dir), {
      limits: { maxBytes: 1000, maxNodes: 1e6, maxDepth: 64, maxAliases: 10 },
    });
    expect(big.problems[0]!.message).toMatch(/more than the 1000 allowed/);
  });

  it("a parse error quotes only the document that failed, and no parse error follows a refused reference", async () => {
    const dir = layout("parse", { "s.json": schema("../secret.env") });
    writeFileSync(join(dir, "bad.json"), "{nope");
    const { problems } = await loadDocument(join(dir, "bad.json"), documentRoot(join(dir, "bad.json")));
    expect(problems.map((p) => p.rule)).toEqual(["parse"]);
    const other = await loadDocument(join(dir, "s.json"), documentRoot(join(dir, "s.json")));
    expect(other.problems.map((p) => p.rule)).toEqual(["ref-refused"]);
  });
});

describe("registry entries stay inside the registry folder", () => {
  const registry = (name: string, entries: { entry: string; history?: string }[]) => {
    const dir = layout(name, { "ok.json": "{}" });
    const contracts = entries.map((e, i) => ({
      name: `c${i}`,
      kind: "json-schema",
      version: "1.0.0",
      entry: e.entry,
      ...(e.history ? { history: [{ version: "0.9.0", entry: e.history }] } : {}),
    }));
    writeFileSync(join(dir, "index.json"), JSON.stringify({ contracts }));
    return dir;
  };

  it.each([
    ["an entry past the folder", { entry: "../secret.yml" }, /entry "..\/secret.yml" leaves the registry folder/],
    ["an absolute entry", { entry: "/etc/passwd" }, /entry "\/etc\/passwd" is not a relative path/],
    ["a history entry past the folder", { entry: "ok.json", history: "../secret.env" }, /leaves the registry folder/],
  ])("refuses %s (a usage error)", (what, entry, message) => {
    const dir = registry(`registry-${what.replace(/\W+/g, "-")}`, [entry]);
    expect(() => loadRegistry(dir)).toThrow(RegistryError);
    expect(() => loadRegistry(dir)).toThrow(message);
  });

  it("--ref-root lets an entry reach the named folder", () => {
    const dir = registry("registry-widened", [{ entry: "../secret.yml" }]);
    expect(loadRegistry(dir, { refRoots: [join(dir, "..")] }).contracts).toHaveLength(1);
  });

  it("refuses an index.json that is a symlink out of the folder", () => {
    const dir = layout("registry-index-link", {});
    writeFileSync(join(dir, "..", "index.json"), JSON.stringify({ contracts: [] }));
    symlinkSync(join(dir, "..", "index.json"), join(dir, "index.json"));
    expect(() => loadRegistry(dir)).toThrow(/symlink leading out/);
  });
});

describe("git inputs read the commit's tree", () => {
  const git = (cwd: string, ...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd, stdio: "pipe" });

  it("reads files as committed, never the working folder, and refuses symlinks and paths out of the tree", async () => {
    const top = layout("git", {
      "a.json": schema("./b.json"),
      "b.json": JSON.stringify({ type: "string" }),
      "c.json": schema("./link.json"),
      "d.json": schema("../../secret.yml"),
    });
    symlinkSync("../secret.yml", join(top, "link.json"));
    git(top, "init", "-q");
    git(top, "add", ".");
    git(top, "commit", "-q", "-m", "x");
    // The working copy changes after the commit; the loader must not see it.
    writeFileSync(join(top, "b.json"), JSON.stringify({ type: "integer" }));
    const root = gitTreeRoot(top, resolveCommit("HEAD", top));
    const a = await loadDocument(join(top, "a.json"), root);
    expect(a.problems).toEqual([]);
    expect(a.doc.files.get(join(top, "b.json"))).toEqual({ type: "string" });
    const c = await loadDocument(join(top, "c.json"), root);
    expect(c.problems.find((p) => p.rule === "load")?.message).toMatch(/symlink in the commit/);
    const d = await loadDocument(join(top, "d.json"), root);
    expect(d.problems.map((p) => p.rule)).toEqual(["ref-refused"]);
    noSecret([...a.problems, ...c.problems, ...d.problems], c.doc);
    const missing = await loadDocument(join(top, "nope.json"), root);
    expect(missing.problems[0]!.message).toMatch(/no such file in commit/);
  });
});
