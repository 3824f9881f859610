import { describe, expect, it, vi } from "vitest";
import { createRpcEngine, loopbackTransport, RpcClient, RpcError } from "../../src/rpc/index.js";
import { witErrors, witMethods, WitClient, type WitHandlers } from "../../src/generated/wit/index.js";
import { STUB_NOW, stubWitHandlers } from "../helpers/wit-stub-handlers.js";

const now = STUB_NOW;
/** Minimal handlers returning contract-valid results, so dispatch itself is what is tested. */
const handlers: WitHandlers = stubWitHandlers((p) => p.sessionId === "other");

const validParams: Record<string, unknown> = {
  ping: {},
  register: { name: "a", sessionId: "s" },
  "lock.acquire": { symbolPath: "src/a.ts:f", sessionId: "s", ttlMs: 1000 },
  "lock.release": { symbolPath: "src/a.ts:f", sessionId: "s" },
  "lock.query": { sessionId: "s" },
  "intent.declare": { sessionId: "s", description: "d", files: ["src/a.ts"], symbols: ["f"] },
  "intent.update": { intentId: "i1", sessionId: "s", status: "active" },
  "intent.query": { file: "src/a.ts" },
  "contract.propose": { sessionId: "s", symbolPath: "src/a.ts:f" },
  "contract.respond": { contractId: "c1", sessionId: "t", accept: true },
  "contract.retire": { contractId: "c1", sessionId: "t" },
  "contract.query": {},
  "check-contracts": { files: [{ path: "src/a.ts", content: "" }] },
};
/** One invalid params object per method (wrong type / missing required / unknown field). */
const invalidParams: Record<string, [unknown, string]> = {
  ping: [{ extra: 1 }, "extra"],
  register: [{ name: "", sessionId: "s" }, "name"],
  "lock.acquire": [{ symbolPath: "no-colon", sessionId: "s" }, "symbolPath"],
  "lock.release": [{ symbolPath: "a:b" }, "sessionId"],
  "lock.query": [{ sessionId: 5 }, "sessionId"],
  "intent.declare": [{ sessionId: "s", description: "d", files: [] }, "files"],
  "intent.update": [{ intentId: "i", sessionId: "s", status: "declared" }, "status"],
  "intent.query": [{ file: ["x"] }, "file"],
  "contract.propose": [{ sessionId: "s", symbolPath: 3 }, "symbolPath"],
  "contract.respond": [{ contractId: "c", sessionId: "s", accept: "yes" }, "accept"],
  "contract.retire": [{ contractId: "c" }, "sessionId"],
  "contract.query": [{ status: false }, "status"],
  "check-contracts": [{ files: [{ path: "" }] }, "files"],
};

const engine = createRpcEngine({
  methods: witMethods,
  handlers,
  validateResults: true,
  responseEnvelope: { witVersion: "1" },
  methodNotFound: witErrors.MethodNotFound,
});
const call = async (body: unknown) =>
  JSON.parse((await engine.handle(typeof body === "string" ? body : JSON.stringify(body)))!);

describe("JSON-RPC engine with the generated Wit method table", () => {
  it("covers all thirteen methods", () => {
    expect(Object.keys(witMethods).sort()).toEqual(Object.keys(validParams).sort());
  });

  for (const method of Object.keys(validParams)) {
    it(`${method}: valid params reach the handler and the result validates`, async () => {
      const r = await call({ jsonrpc: "2.0", id: "1", method, params: validParams[method] });
      expect(r.error).toBeUndefined();
      expect(r.witVersion).toBe("1");
      expect(r.id).toBe("1");
      expect(witMethods[method as keyof typeof witMethods].validateResult(r.result)).toBe(true);
    });
    it(`${method}: invalid params get -32600 INVALID_REQUEST with field errors`, async () => {
      const [params, field] = invalidParams[method]!;
      const r = await call({ jsonrpc: "2.0", id: 7, method, params });
      expect(r.error.code).toBe(-32600);
      expect(r.error.message).toBe("INVALID_REQUEST");
      expect(Object.keys(r.error.data.fieldErrors)).toContain(field);
      expect(r.id).toBe(7);
    });
  }

  it("ping answers with no params at all", async () => {
    expect((await call({ jsonrpc: "2.0", id: 1, method: "ping" })).result).toBe("pong");
  });
  it("unknown methods get -32601, also for inherited names", async () => {
    for (const method of ["nope", "__proto__", "constructor", "toString", "hasOwnProperty"]) {
      const r = await call({ jsonrpc: "2.0", id: 1, method });
      expect(r.error.code).toBe(-32601);
    }
  });
  it("malformed JSON gets -32700 with id null", async () => {
    const r = await call('{"jsonrpc":"2.0","id":1,"method":');
    expect(r.error.code).toBe(-32700);
    expect(r.id).toBeNull();
  });
  it("an integer id beyond 2^53 - 1 is refused with id null, not echoed rounded (decision 262)", async () => {
    for (const id of ["9007199254740993", "-9007199254740993", "1e300"]) {
      const r = await call(`{"jsonrpc":"2.0","witVersion":"1","id":${id},"method":"ping"}`);
      expect(r.id).toBeNull();
      expect(r.error.code).toBe(-32600);
      expect(r.error.data.reason).toBe(
        '"id" is an integer beyond 2^53 - 1, which cannot be echoed exactly: send it as a string',
      );
    }
    for (const [id, echoed] of [
      ["9007199254740991", 9007199254740991],
      ["-9007199254740991", -9007199254740991],
      ["1.5", 1.5],
      ['"9007199254740993"', "9007199254740993"],
    ] as const) {
      const r = await call(`{"jsonrpc":"2.0","witVersion":"1","id":${id},"method":"ping"}`);
      expect(r).toMatchObject({ id: echoed, result: "pong" });
    }
  });
  it("a member named twice is -32600 with id null, never last-wins (decision 262)", async () => {
    const r = await call('{"jsonrpc":"2.0","id":1,"method":"ping","method":"lock.query"}');
    expect(r).toMatchObject({ id: null, error: { code: -32600 } });
    expect(r.error.data.reason).toMatch(/names the member "method" twice/);
  });
  it("invalid envelopes get -32600", async () => {
    for (const bad of [
      [1],
      { jsonrpc: "1.0", id: 1, method: "ping" },
      { jsonrpc: "2.0", id: {}, method: "ping" },
      { jsonrpc: "2.0", id: 1, method: 5 },
      { jsonrpc: "2.0", id: 1, method: "ping", params: "x" },
      [],
    ]) {
      const r = await call(bad);
      const first = Array.isArray(r) ? r[0] : r;
      expect(first.error.code).toBe(-32600);
    }
  });
  it("by-name methods refuse by-position params", async () => {
    const r = await call({ jsonrpc: "2.0", id: 1, method: "register", params: ["a", "s"] });
    expect(r.error.code).toBe(-32600);
    expect(r.error.data.formErrors[0]).toMatch(/by name/);
  });
  it("batches answer each request and skip notifications", async () => {
    const r = await call([
      { jsonrpc: "2.0", id: 1, method: "ping" },
      { jsonrpc: "2.0", method: "ping" },
      { jsonrpc: "2.0", id: 2, method: "nope" },
    ]);
    expect(r.map((x: { id: number }) => x.id)).toEqual([1, 2]);
    expect(await engine.handle(JSON.stringify({ jsonrpc: "2.0", method: "ping" }))).toBeUndefined();
  });
  it("notifications never get a reply, even when refused or invalid", async () => {
    const strict = createRpcEngine({
      methods: witMethods,
      handlers,
      checkRequest: (r) => (r.witVersion === "1" ? undefined : RpcError.from(witErrors.InvalidRequest)),
    });
    expect(await strict.handle('{"jsonrpc":"2.0","method":"ping"}')).toBeUndefined();
    expect(
      await strict.handle('{"jsonrpc":"2.0","witVersion":"1","method":"register","params":{"name":""}}'),
    ).toBeUndefined();
    expect(await strict.handle('{"jsonrpc":"2.0","witVersion":"1","method":"nope"}')).toBeUndefined();
    expect(JSON.parse((await strict.handle('{"jsonrpc":"2.0","id":1,"method":"ping"}'))!).error.message).toBe(
      "INVALID_REQUEST",
    );
  });

  it("contract errors pass through with their data", async () => {
    const r = await call({
      jsonrpc: "2.0",
      id: 1,
      method: "lock.acquire",
      params: { symbolPath: "a:b", sessionId: "other" },
    });
    expect(r.error).toEqual({ code: -32000, message: "LOCK_CONFLICT", data: { heldBy: "s1", expiresAt: now } });
  });
  it("reports undeclared contract errors and hides internal ones", async () => {
    const onUndeclaredError = vi.fn();
    const onInternalError = vi.fn();
    const e = createRpcEngine({
      methods: witMethods,
      handlers: {
        ...handlers,
        ping: () => {
          throw RpcError.from(witErrors.LockNotFound);
        },
        register: () => {
          throw new Error("secret");
        },
      },
      onUndeclaredError,
      onInternalError,
    });
    const a = JSON.parse((await e.handle('{"jsonrpc":"2.0","id":1,"method":"ping"}'))!);
    expect(a.error.message).toBe("LOCK_NOT_FOUND");
    expect(onUndeclaredError).toHaveBeenCalledWith("ping", expect.any(RpcError));
    const b = JSON.parse(
      (await e.handle('{"jsonrpc":"2.0","id":1,"method":"register","params":{"name":"a","sessionId":"b"}}'))!,
    );
    expect(b.error).toEqual({ code: -32603, message: "Internal error" });
    expect(onInternalError).toHaveBeenCalled();
  });
  it("batchInOrder serves a batch's members one after another; by default they run at once", async () => {
    const log: string[] = [];
    const ping = async () => {
      log.push("start");
      await new Promise((r) => setTimeout(r, 5));
      log.push("end");
      return "pong";
    };
    const batch = JSON.stringify([1, 2].map((id) => ({ jsonrpc: "2.0", id, method: "ping" })));
    for (const [batchInOrder, want] of [
      [true, ["start", "end", "start", "end"]],
      [false, ["start", "start", "end", "end"]],
    ] as const) {
      log.length = 0;
      const e = createRpcEngine({ methods: witMethods, handlers: { ...handlers, ping }, batchInOrder });
      expect(JSON.parse((await e.handle(batch))!).map((r: { id: number }) => r.id)).toEqual([1, 2]);
      expect(log, `batchInOrder ${batchInOrder}`).toEqual(want);
    }
  });
  it("screen sees every message, batch members too: a reply to send, null for none, undefined to go on", async () => {
    const e = createRpcEngine({
      methods: witMethods,
      handlers,
      screen: (m) =>
        (m as { id?: unknown }).id === "drop"
          ? null
          : (m as { id?: unknown }).id === "own"
            ? { jsonrpc: "2.0", id: "own", result: "screened" }
            : undefined,
    });
    const out = JSON.parse(
      (await e.handle(
        JSON.stringify([
          { jsonrpc: "2.0", id: "drop", result: 1 },
          { jsonrpc: "2.0", id: "own", method: "ping" },
          { jsonrpc: "2.0", id: 3, method: "nope" },
        ]),
      ))!,
    );
    expect(
      out.map((r: { id: unknown; result?: unknown; error?: { code: number } }) => [r.id, r.result ?? r.error?.code]),
    ).toEqual([
      ["own", "screened"],
      [3, -32601],
    ]);
    expect(await e.handle('{"jsonrpc":"2.0","id":"drop","result":1}')).toBeUndefined();
  });
  it("a result that breaks the contract becomes -32603 when results are validated", async () => {
    const e = createRpcEngine({
      methods: witMethods,
      handlers: { ...handlers, ping: () => "pang" as never },
      validateResults: true,
    });
    const r = JSON.parse((await e.handle('{"jsonrpc":"2.0","id":1,"method":"ping"}'))!);
    expect(r.error.code).toBe(-32603);
  });
  it("__proto__ params never pollute Object.prototype", async () => {
    const r = await call(
      '{"jsonrpc":"2.0","id":1,"method":"register","params":{"__proto__":{"polluted":1},"name":"a","sessionId":"s"}}',
    );
    expect(r.error.code).toBe(-32600);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("generated WitClient over the engine", () => {
  const client = new WitClient(new RpcClient(loopbackTransport(engine), { envelope: { witVersion: "1" } }), {
    validateResults: true,
  });
  it("calls dotted methods through namespaces with typed params and results", async () => {
    const r = await client.lock.acquire({ symbolPath: "src/a.ts:f", sessionId: "s" });
    expect(r.symbolPath).toBe("src/a.ts:f");
    expect(await client.ping()).toBe("pong");
    expect((await client.checkContracts({ files: [] })).violations).toEqual([]);
    expect(await client.call("intent.query", {})).toEqual([]);
  });
  it("throws contract errors as RpcError", async () => {
    const err = await client.lock.acquire({ symbolPath: "a:b", sessionId: "other" }).catch((e) => e);
    expect(err).toBeInstanceOf(RpcError);
    expect(err.is(witErrors.LockConflict)).toBe(true);
    expect(err.data).toEqual({ heldBy: "s1", expiresAt: now });
  });
});

describe("RpcClient response checks", () => {
  const replying = (reply: Record<string, unknown>) =>
    new RpcClient({ send: async () => JSON.stringify({ jsonrpc: "2.0", ...reply }) }, { nextId: () => 7 });
  it("accepts its own id, and id null only on an error", async () => {
    expect(await replying({ id: 7, result: "ok" }).call("m", {})).toBe("ok");
    await expect(
      replying({ id: null, error: { code: -32700, message: "Parse error" } }).call("m", {}),
    ).rejects.toMatchObject({ code: -32700 });
  });
  it("refuses a result for another id or for id null", async () => {
    for (const id of [8, "7", null])
      await expect(replying({ id, result: "ok" }).call("m", {}), String(id)).rejects.toThrow(
        /does not match request id 7/,
      );
  });
});
