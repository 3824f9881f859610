/**
 * The Wit contract states the rules the daemon applies (item 5 of issue 13, decision 150): for
 * every param the daemon checks beyond the seed's schemas (symbol paths, declared files, staged
 * paths, lengths, list sizes, the TTL range), a string or value is valid under the contract's
 * schema exactly when the daemon's own checks (paths.ts, the stored file list) and decision 050's
 * documented limits (test/wit/documented-limits.ts) accept
 * it. Both directions are properties over an alphabet built to hit the edges (':', '/', '.', '\\',
 * NUL, ',', a drive letter, astral characters) plus lengths around each limit. Then, end to end, a
 * real daemon answers a call the contract refuses with INVALID_REQUEST naming the field, and a
 * staged file listed twice is checked in each content.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { witDocument } from "../../conformance/wit/suite.js";
import { witMethods } from "../../src/generated/wit/methods.js";
import { checkLimits } from "./documented-limits.js";
import { normalizeRelPath, resolveSymbolPath } from "../../src/wit/paths.js";
import { WIT_ENVELOPE, WIT_LIMITS } from "../../src/wit/protocol.js";
import { encodeFileList } from "../../src/wit/store/index.js";
import { startDaemon, type RunningDaemon } from "../../src/wit/daemon/index.js";
import { BUNDLED_CONTRACTS_DIR, loadRegistry } from "../../src/contracts/index.js";
import { checkHistory } from "../../src/review/compat.js";
import { request, rpc } from "./daemon-helpers.js";

const SEED = 20261201;
let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "wit-agree-"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Whether the daemon's handler-level checks accept `params` of `method` (no disk beyond an empty root). */
function daemonAccepts(method: string, params: Record<string, unknown>, check: () => boolean): boolean {
  try {
    checkLimits(method, params, WIT_LIMITS);
  } catch {
    return false;
  }
  return check();
}

const pieces = fc.constantFrom(
  "a",
  "b.ts",
  ".",
  "..",
  "...",
  "/",
  "//",
  ":",
  "::",
  "\\",
  "\0",
  ",",
  "C:",
  "z:",
  " ",
  "é",
  "😀",
  "src/",
  "./",
  "a.b",
);
const edgy = fc.array(pieces, { maxLength: 8 }).map((xs) => xs.join(""));
/** Strings around a length limit (code points; the astral filler counts one each). */
const around = (limit: number, wrap: (s: string) => string) =>
  fc
    .tuple(fc.integer({ min: limit - 2, max: limit + 2 }), fc.constantFrom("x", "😀"))
    .map(([n, c]) => wrap(c.repeat(n)));

describe("the contract states the daemon's rules", () => {
  it("symbolPath (lock.acquire, lock.release, contract.propose): schema-valid exactly when the daemon accepts it", () => {
    for (const method of ["lock.acquire", "lock.release", "contract.propose"]) {
      const table = witMethods[method as keyof typeof witMethods];
      const symbolPath = fc.oneof(
        edgy,
        fc.string({ maxLength: 12 }),
        around(4096, (s) => `${s}:f`),
        around(4352, (s) => `${s.slice(0, 3)}:${s.slice(3)}`),
      );
      fc.assert(
        fc.property(symbolPath, (sp) => {
          const params = { symbolPath: sp, sessionId: "s" };
          const schema = table.validateParams(params);
          const daemon = daemonAccepts(method, params, () => resolveSymbolPath(root, sp).ok);
          expect({ sp: sp.length > 80 ? `${sp.slice(0, 40)}…(${sp.length})…${sp.slice(-20)}` : sp, schema }).toEqual({
            sp: sp.length > 80 ? `${sp.slice(0, 40)}…(${sp.length})…${sp.slice(-20)}` : sp,
            schema: daemon,
          });
        }),
        { seed: SEED, numRuns: 1500 },
      );
    }
  });

  it("the rules named in the issue: ':x', 'x:', backslashes, NUL, drive prefixes, '..', absolute", () => {
    const valid = (sp: string) => witMethods["lock.acquire"].validateParams({ symbolPath: sp, sessionId: "s" });
    expect(
      [
        ":x",
        "x:",
        "a\\b.ts:f",
        "a\0.ts:f",
        "a.ts:f\0",
        "C:x.ts:f",
        "/etc/passwd:x",
        "../x.ts:f",
        "src/../a.ts:f",
        ".:f",
        "./:f",
      ].filter(valid),
    ).toEqual([]);
    expect(
      [
        "a.ts:f",
        "src/a:b.ts:f",
        "::f",
        "c:f",
        "a.ts:f\\g",
        "...:f",
        "a..b/c.ts:f",
        "src/a.ts:Class.method",
        "😀.ts:f",
      ].filter((s) => !valid(s)),
    ).toEqual([]);
  });

  it("intent.declare files: schema-valid exactly when the daemon accepts them", () => {
    const table = witMethods["intent.declare"];
    const file = fc.oneof(
      edgy.filter((s) => s.length > 0),
      around(4096, (s) => s),
    );
    fc.assert(
      fc.property(fc.array(file, { minLength: 1, maxLength: 3 }), (files) => {
        const params = { sessionId: "s", description: "d", files };
        const schema = table.validateParams(params);
        const daemon = daemonAccepts("intent.declare", params, () => {
          const rels = files.map((f) => normalizeRelPath(f));
          return rels.every((r) => r.ok) && encodeFileList(rels.map((r) => (r as { rel: string }).rel)).ok;
        });
        const shown = files.map((f) => (f.length > 80 ? `${f.slice(0, 20)}…(${f.length})` : f));
        expect({ shown, schema }).toEqual({ shown, schema: daemon });
      }),
      { seed: SEED, numRuns: 1500 },
    );
  });

  it("check-contracts paths: refused exactly when the contract says so (escapes); unusable ones are skipped, not refused", () => {
    const table = witMethods["check-contracts"];
    const refusedByDaemon = (p: string) => p.startsWith("/") || p.split("/").includes("..");
    fc.assert(
      fc.property(
        edgy.filter((s) => s.length > 0),
        (p) => {
          const params = { files: [{ path: p, content: "" }] };
          expect({ p, schema: table.validateParams(params) }).toEqual({
            p,
            schema: daemonAccepts("check-contracts", params, () => !refusedByDaemon(p)),
          });
        },
      ),
      { seed: SEED, numRuns: 1000 },
    );
  });

  it("lengths, list sizes and the TTL range are the daemon's limits (code points, as JSON Schema counts)", () => {
    const cases: [string, (n: number) => Record<string, unknown>, number][] = [
      ["register", (n) => ({ name: "😀".repeat(n), sessionId: "s" }), WIT_LIMITS.maxIdLength],
      ["lock.acquire", (n) => ({ symbolPath: "a.ts:f", sessionId: "x".repeat(n) }), WIT_LIMITS.maxIdLength],
      [
        "intent.declare",
        (n) => ({ sessionId: "s", description: "😀".repeat(n), files: ["a.ts"] }),
        WIT_LIMITS.maxDescriptionLength,
      ],
      [
        "intent.declare",
        (n) => ({ sessionId: "s", description: "d", files: Array.from({ length: n }, (_, i) => `f${i}.ts`) }),
        WIT_LIMITS.maxIntentFiles,
      ],
      [
        "intent.declare",
        (n) => ({ sessionId: "s", description: "d", files: ["a.ts"], symbols: Array.from({ length: n }, () => "f") }),
        WIT_LIMITS.maxIntentSymbols,
      ],
      [
        "intent.declare",
        (n) => ({ sessionId: "s", description: "d", files: ["a.ts"], symbols: ["😀".repeat(n)] }),
        WIT_LIMITS.maxIdLength,
      ],
      ["intent.query", (n) => ({ file: "x".repeat(n) }), WIT_LIMITS.maxStringLength],
      ["contract.query", (n) => ({ status: "x".repeat(n) }), WIT_LIMITS.maxStringLength],
      [
        "check-contracts",
        (n) => ({ files: Array.from({ length: n }, (_, i) => ({ path: `f${i}.ts`, content: "" })) }),
        WIT_LIMITS.maxCheckFiles,
      ],
      ["lock.acquire", (n) => ({ symbolPath: "a.ts:f", sessionId: "s", ttlMs: n }), WIT_LIMITS.maxTtlMs],
      ["lock.acquire", (n) => ({ symbolPath: "a.ts:f", sessionId: "s", ttlMs: -n }), WIT_LIMITS.maxTtlMs],
    ];
    for (const [method, make, limit] of cases) {
      const table = witMethods[method as keyof typeof witMethods];
      for (const n of [limit, limit + 1]) {
        const params = make(n);
        const daemon = daemonAccepts(method, params, () => true);
        expect({ method, n, schema: table.validateParams(params) }).toEqual({ method, n, schema: daemon });
        expect(daemon).toBe(n === limit);
      }
    }
  });

  it("witVersion is machine-readable: info.x-envelope is the envelope the daemon requires and answers with", () => {
    expect((witDocument() as unknown as { info: Record<string, unknown> }).info["x-envelope"]).toEqual(WIT_ENVELOPE);
  });
});

describe("a real daemon applies the stated rules", () => {
  let daemon: RunningDaemon;
  beforeAll(async () => {
    daemon = await startDaemon({ root, warmUp: false });
  });
  afterAll(async () => {
    await daemon?.close();
  });

  it("answers a call the contract refuses with INVALID_REQUEST naming the field", async () => {
    for (const [method, params, field] of [
      ["lock.release", { symbolPath: "no-colon", sessionId: "s" }, "symbolPath"],
      ["lock.acquire", { symbolPath: "c:notes.ts:f", sessionId: "s" }, "symbolPath"],
      ["contract.propose", { symbolPath: "we\\ird.ts:f", sessionId: "s" }, "symbolPath"],
      ["intent.declare", { sessionId: "s", description: "d", files: ["a,b.ts"] }, "files"],
      ["check-contracts", { files: [{ path: "../x.ts", content: "" }] }, "files"],
    ] as const) {
      const a = await rpc(daemon.socketPath, request(method, params));
      expect(a.error, `${method} ${JSON.stringify(params)}`).toMatchObject({
        code: -32600,
        message: "INVALID_REQUEST",
      });
      expect(JSON.stringify(Object.keys(a.error.data.fieldErrors))).toContain(field);
    }
  });

  it("accepts what the seed's pattern did not allow but the daemon always did (a ':' inside the file part)", async () => {
    const a = await rpc(
      daemon.socketPath,
      request("lock.acquire", { symbolPath: "src/a:b.ts:f", sessionId: "s", ttlMs: 0 }),
    );
    expect(a.result).toMatchObject({ symbolPath: "src/a:b.ts:f" });
  });
});

describe('the registry\'s baseline of Wit "1" (decision 151)', () => {
  it("the clarified document is history 1: unchanged passes, a further narrowing fails check's compat stage, an addition passes", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "wit-registry-"));
    try {
      cpSync(BUNDLED_CONTRACTS_DIR, dir, { recursive: true });
      const wit = async () =>
        (await checkHistory(loadRegistry(dir), { contracts: ["wit"], samples: 50, seed: SEED }))[0]!;
      expect(await wit()).toMatchObject({ from: "1", to: "1", ok: true });
      const file = path.join(dir, "wit/openrpc.json");
      const doc = JSON.parse(readFileSync(file, "utf8"));
      const register = doc.methods.find((m: { name: string }) => m.name === "register");
      register.params[0].schema.maxLength = 64;
      writeFileSync(file, JSON.stringify(doc));
      const narrowed = await wit();
      expect(narrowed.ok).toBe(false);
      expect(narrowed.bump?.message).toMatch(/breaking change without a major version bump/);
      register.params[0].schema.maxLength = 256;
      register.params.push({ name: "note", required: false, schema: { type: "string" } });
      writeFileSync(file, JSON.stringify(doc));
      expect((await wit()).ok).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
