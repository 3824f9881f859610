/**
 * The daemon's handlers through its real socket, in this process (real SQLite, real tree-sitter,
 * test clock): the decisions of docs/wit.md that the conformance suite leaves open, the limits,
 * and the stored forms.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWitClient, isWitError, type WitSocketClient } from "../../src/wit/client/index.js";
import { ManualClock, startDaemon, type RunningDaemon } from "../../src/wit/daemon/index.js";
import { WIT_LIMITS } from "../../src/wit/protocol.js";
import { RpcError } from "../../src/rpc/errors.js";
import { removeTempRoots, request, rpc, SOURCES, tempRoot, writeFiles } from "./daemon-helpers.js";

let daemon: RunningDaemon;
let client: WitSocketClient;
let clock: ManualClock;

beforeAll(async () => {
  const root = tempRoot();
  writeFiles(root, SOURCES);
  clock = new ManualClock();
  daemon = await startDaemon({ root, clock });
  client = createWitClient({ socketPath: daemon.socketPath, validateResults: true });
});
afterAll(async () => {
  await client?.close();
  await daemon?.close();
  removeTempRoots();
});

async function rejection(p: Promise<unknown>): Promise<RpcError> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(RpcError);
  return e as RpcError;
}

describe("locks", () => {
  it("a refresh keeps acquiredAt and moves expiresAt to now + ttlMs; takeover after expiry starts a new hold", async () => {
    const first = await client.lock.acquire({ symbolPath: "src/auth.ts:decode", sessionId: "A", ttlMs: 10_000 });
    clock.advance(4_000);
    const refreshed = await client.lock.acquire({ symbolPath: "src/auth.ts:decode", sessionId: "A", ttlMs: 1_000 });
    expect(refreshed.acquiredAt).toBe(first.acquiredAt);
    expect(Date.parse(refreshed.expiresAt)).toBe(clock.now() + 1_000);
    clock.advance(1_000); // expiresAt == now: expired
    const taken = await client.lock.acquire({ symbolPath: "src/auth.ts:decode", sessionId: "B" });
    expect(Date.parse(taken.acquiredAt)).toBe(clock.now());
    expect(Date.parse(taken.expiresAt) - Date.parse(taken.acquiredAt)).toBe(1_800_000);
  });

  it("LOCK_CONFLICT carries heldBy and expiresAt; canonical paths are stored and compared", async () => {
    await client.lock.acquire({ symbolPath: "./src//api/routes.ts:handleLogin", sessionId: "A" });
    const e = await rejection(client.lock.acquire({ symbolPath: "src/api/routes.ts:handleLogin", sessionId: "B" }));
    expect(isWitError(e, "LOCK_CONFLICT")).toBe(true);
    const rows = await client.lock.query({ sessionId: "A" });
    const row = rows.find((l) => l.symbolPath === "src/api/routes.ts:handleLogin")!;
    expect(isWitError(e, "LOCK_CONFLICT") && e.data).toEqual({ heldBy: "A", expiresAt: row.expiresAt });
    expect(row.ttlRemainingMs).toBe(Date.parse(row.expiresAt) - clock.now());
  });

  it("negative TTLs are accepted as already expired; TTLs beyond 10 years are refused", async () => {
    const r = await client.lock.acquire({ symbolPath: "src/x.ts:neg", sessionId: "A", ttlMs: -5 });
    expect(Date.parse(r.expiresAt)).toBe(clock.now() - 5);
    expect((await client.lock.query({ sessionId: "A" })).map((l) => l.symbolPath)).not.toContain("src/x.ts:neg");
    const e = await rejection(
      client.lock.acquire({ symbolPath: "src/x.ts:f", sessionId: "A", ttlMs: WIT_LIMITS.maxTtlMs + 1 }),
    );
    expect(e.code).toBe(-32600);
    expect(Object.keys((e.data as { fieldErrors: object }).fieldErrors)).toEqual(["ttlMs"]);
  });

  it("caller warnings: Python callers, and a lock on a symbol nobody calls", async () => {
    await client.lock.acquire({ symbolPath: "py/pw.py:login", sessionId: "P" });
    const w = await client.lock.acquire({ symbolPath: "py/pw.py:hash_pw", sessionId: "Q" });
    expect(w.warnings).toEqual([
      { lockedSymbol: "py/pw.py:login", heldBy: "P", chain: ["py/pw.py:login", "py/pw.py:hash_pw"] },
    ]);
    expect((await client.lock.acquire({ symbolPath: "py/pw.py:nobody", sessionId: "Q" })).warnings).toEqual([]);
  });
});

describe("intents", () => {
  it("the caller's own live intents never count as INTENT_OVERLAP", async () => {
    const first = await client.intent.declare({ sessionId: "S1", description: "one", files: ["src/auth.ts"] });
    expect(first.conflicts.hasConflicts).toBe(false);
    const again = await client.intent.declare({ sessionId: "S1", description: "two", files: ["src/auth.ts"] });
    expect(again.conflicts.items.filter((i) => i.type === "INTENT_OVERLAP")).toEqual([]);
    const other = await client.intent.declare({ sessionId: "S2", description: "three", files: ["src/auth.ts"] });
    expect(
      other.conflicts.items
        .filter((i) => i.type === "INTENT_OVERLAP")
        .map((i) => (i as { overlappingIntentId: string }).overlappingIntentId)
        .sort(),
    ).toEqual([first.intentId, again.intentId].sort());
    for (const i of [first, again, other])
      await client.intent.update({ intentId: i.intentId, sessionId: i === other ? "S2" : "S1", status: "abandoned" });
  });

  it("byte range: the span of all declared symbols of one file; file-level when a symbol is missing or several files are named", async () => {
    const span = await client.intent.declare({
      sessionId: "R",
      description: "span",
      files: ["py/pw.py"],
      symbols: ["login", "hash_pw"],
    });
    const missing = await client.intent.declare({
      sessionId: "R",
      description: "missing",
      files: ["py/pw.py"],
      symbols: ["hash_pw", "ghost"],
    });
    const many = await client.intent.declare({
      sessionId: "R",
      description: "many",
      files: ["py/pw.py", "src/auth.ts"],
      symbols: ["hash_pw"],
    });
    const rows = await client.intent.query({ sessionId: "R" });
    const byId = new Map(rows.map((r) => [r.intentId, r]));
    const text = SOURCES["py/pw.py"];
    expect([byId.get(span.intentId)!.startByte, byId.get(span.intentId)!.endByte]).toEqual([0, text.trimEnd().length]);
    expect([byId.get(missing.intentId)!.startByte, byId.get(missing.intentId)!.endByte]).toEqual([null, null]);
    expect([byId.get(many.intentId)!.startByte, byId.get(many.intentId)!.endByte]).toEqual([null, null]);
    expect(byId.get(many.intentId)!.files).toBe(",py/pw.py,src/auth.ts,");
    expect(JSON.parse(byId.get(span.intentId)!.symbols)).toEqual(["login", "hash_pw"]);
  });

  it("files are canonicalised and de-duplicated; a file name with a comma is refused", async () => {
    const r = await client.intent.declare({
      sessionId: "C",
      description: "d",
      files: ["./src//auth.ts", "src/auth.ts"],
    });
    const row = (await client.intent.query({ sessionId: "C" })).find((x) => x.intentId === r.intentId)!;
    expect(row.files).toBe(",src/auth.ts,");
    expect((await rejection(client.intent.declare({ sessionId: "C", description: "d", files: ["a,b.ts"] }))).code).toBe(
      -32600,
    );
  });

  it("declaredAt/updatedAt come from the daemon's clock", async () => {
    const t = clock.now();
    const r = await client.intent.declare({ sessionId: "T", description: "t", files: ["src/auth.ts"] });
    clock.advance(123);
    const u = await client.intent.update({ intentId: r.intentId, sessionId: "T", status: "active" });
    expect(u.updatedAt).toBe(t + 123);
    const row = (await client.intent.query({ sessionId: "T" }))[0]!;
    expect([row.declaredAt, row.updatedAt]).toEqual([t, t + 123]);
  });
});

describe("contracts", () => {
  it("formatting-only staged changes are not violations; a file staged twice is checked in each content", async () => {
    const p = await client.contract.propose({ sessionId: "A", symbolPath: "src/auth.ts:validateToken" });
    expect(p.signature).toBe("(token: string): Promise<User | null>");
    await client.contract.respond({ contractId: p.contractId, sessionId: "B", accept: true });
    const reformatted = SOURCES["src/auth.ts"].replace(
      "validateToken(token: string): Promise<User | null>",
      "validateToken(\n  token:   string,\n):  Promise< User|null >",
    );
    expect(
      (await client.checkContracts({ files: [{ path: "src/auth.ts", content: reformatted }] })).violations,
    ).toEqual([]);
    const twice = await client.checkContracts({
      files: [
        { path: "src/auth.ts", content: reformatted },
        { path: "./src/auth.ts", content: "" },
        { path: "src//auth.ts", content: "" },
      ],
    });
    expect(twice.violations.map((v) => v.actual)).toEqual(["(symbol not found in staged content)"]);
    expect(
      (
        await rejection(
          client.checkContracts({
            files: [
              { path: "src/auth.ts", content: "" },
              { path: "src/x\\..//../a.ts", content: "" },
            ],
          }),
        )
      ).code,
    ).toBe(-32600);
    const unparseable = await client.checkContracts({
      files: [{ path: "src/auth.ts", content: "export function validateToken(" }],
    });
    expect(unparseable.violations.map((v) => v.actual)).toEqual(["(symbol not found in staged content)"]);
  });
});

describe("register", () => {
  it("stores every registration as a new row with an increasing agentId", async () => {
    const a = await client.register({ name: "alice", sessionId: "s-1" });
    const b = await client.register({ name: "alice", sessionId: "s-1" });
    expect(b.agentId).toBe(a.agentId + 1);
    expect(daemon.store.agents.get(a.agentId)).toMatchObject({
      name: "alice",
      sessionId: "s-1",
      registeredAt: clock.now(),
    });
  });
});

describe("limits and refusals", () => {
  const field = (e: RpcError) => Object.keys((e.data as { fieldErrors: object }).fieldErrors);
  it.each([
    ["register", { name: "n".repeat(WIT_LIMITS.maxIdLength + 1), sessionId: "s" }, "name"],
    ["lock.acquire", { symbolPath: `src/a.ts:${"x".repeat(WIT_LIMITS.maxPathLength)}`, sessionId: "s" }, "symbolPath"],
    [
      "intent.declare",
      { sessionId: "s", description: "d".repeat(WIT_LIMITS.maxDescriptionLength + 1), files: ["a.ts"] },
      "description",
    ],
    [
      "intent.declare",
      {
        sessionId: "s",
        description: "d",
        files: Array.from({ length: WIT_LIMITS.maxIntentFiles + 1 }, (_, i) => `f${i}.ts`),
      },
      "files",
    ],
    [
      "intent.declare",
      { sessionId: "s", description: "d", files: ["a.ts"], symbols: ["s".repeat(WIT_LIMITS.maxIdLength + 1)] },
      "symbols",
    ],
    [
      "check-contracts",
      { files: Array.from({ length: WIT_LIMITS.maxCheckFiles + 1 }, (_, i) => ({ path: `f${i}.ts`, content: "" })) },
      "files",
    ],
    [
      "check-contracts",
      { files: [{ path: "a.ts", content: "x".repeat(WIT_LIMITS.maxFileContentBytes + 1) }] },
      "files",
    ],
    ["lock.acquire", { symbolPath: "src/a.ts:", sessionId: "s" }, "symbolPath"],
    ["contract.propose", { symbolPath: "/etc/passwd:x", sessionId: "s" }, "symbolPath"],
    ["lock.release", { symbolPath: "../a.ts:f", sessionId: "s" }, "symbolPath"],
  ])("%s refuses %#", async (method, params, expected) => {
    const r = await rpc(daemon.socketPath, request(method, params));
    expect(r.error.code).toBe(-32600);
    expect(r.error.message).toBe("INVALID_REQUEST");
    expect(field(new RpcError(r.error.code, r.error.message, r.error.data))).toEqual([expected]);
  });

  it("a request without witVersion, or with another one, is -32600 naming witVersion", async () => {
    for (const v of [undefined, "2"]) {
      const { witVersion: _drop, ...bare } = request("ping");
      const r = await rpc(daemon.socketPath, v === undefined ? bare : { ...bare, witVersion: v });
      expect(r).toMatchObject({
        witVersion: "1",
        id: 1,
        error: {
          code: -32600,
          message: "INVALID_REQUEST",
          data: { formErrors: [], fieldErrors: { witVersion: [expect.any(String)] } },
        },
      });
    }
  });

  it("__proto__ and constructor members are refused as unknown params and never reach Object.prototype", async () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const body =
      '{"jsonrpc":"2.0","witVersion":"1","id":1,"method":"lock.acquire","params":{"__proto__":{"polluted":true},"symbolPath":"a.ts:f","sessionId":"x"}}';
    const r = await rpc(daemon.socketPath, body);
    expect(r.error.code).toBe(-32600);
    const r2 = await rpc(
      daemon.socketPath,
      '{"jsonrpc":"2.0","witVersion":"1","id":2,"method":"check-contracts","params":{"files":[{"path":"a.ts","content":"","__proto__":{"polluted":true}}]}}',
    );
    expect(r2.result ?? r2.error).toBeDefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
