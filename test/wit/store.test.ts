import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  MIGRATIONS,
  StoreError,
  WitStore,
  encodeFileList,
  decodeFileList,
  fileListHas,
  ttlRemainingMs,
  type IntentRow,
} from "../../src/wit/store/index.js";

let dir: string;
let file: string;
let clock: { t: number };
const stores: WitStore[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "wit-store-"));
  file = path.join(dir, ".wit", "wit.db");
  clock = { t: 1_000_000 };
});
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  rmSync(dir, { recursive: true, force: true });
});

function open(options: Parameters<typeof WitStore.open>[1] = {}): WitStore {
  const s = WitStore.open(file, { now: () => clock.t, ...options });
  stores.push(s);
  return s;
}

function errorCode(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return e instanceof StoreError ? e.code : `not a StoreError: ${String(e)}`;
  }
  return "no error";
}

function intent(over: Partial<IntentRow> = {}): IntentRow {
  return {
    intentId: "i-1",
    sessionId: "s1",
    description: "refactor auth",
    files: ",src/auth.ts,src/api.ts,",
    symbols: '["validateToken"]',
    startByte: 10,
    endByte: 90,
    status: "declared",
    declaredAt: clock.t,
    updatedAt: clock.t,
    ...over,
  };
}

describe("opening", () => {
  it("creates .wit/, uses WAL, NORMAL sync, a busy timeout, and the latest schema", () => {
    const s = open();
    expect(existsSync(file)).toBe(true);
    expect(s.diagnostics()).toEqual({
      journalMode: "wal",
      synchronous: 1,
      busyTimeoutMs: 5000,
      walAutocheckpoint: 10_000,
      schemaVersion: MIGRATIONS.length,
    });
    expect(open({ synchronous: "FULL", busyTimeoutMs: 250 }).diagnostics()).toMatchObject({
      synchronous: 2,
      busyTimeoutMs: 250,
    });
  });

  it("opens an in-memory database for throwaway use", () => {
    const s = WitStore.open(":memory:", { now: () => clock.t });
    stores.push(s);
    expect(s.diagnostics()).toMatchObject({ journalMode: "memory", schemaVersion: MIGRATIONS.length });
    expect(s.agents.register("a", "s1").agentId).toBe(1);
  });

  it("reopening keeps the data", () => {
    const a = open();
    a.locks.put({ symbolPath: "src/a.ts:f", sessionId: "s1", acquiredAt: 1, expiresAt: clock.t + 10 });
    a.agents.register("alice", "s1");
    a.close();
    const b = open();
    expect(b.locks.get("src/a.ts:f")).toEqual({
      symbolPath: "src/a.ts:f",
      sessionId: "s1",
      acquiredAt: 1,
      expiresAt: clock.t + 10,
    });
    expect(b.agents.list()).toHaveLength(1);
  });

  it("migrates a version-1 database, backfilling contracts.file", () => {
    const raw = new Database(path.join(dir, "old.db"));
    (MIGRATIONS[0] as (typeof MIGRATIONS)[number]).up(raw);
    raw.pragma("user_version = 1");
    raw
      .prepare("INSERT INTO contracts VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
      .run("c-old", "s1", "src/we:ird.ts:AuthService.check", "(t: string): boolean", "accepted", "s2", 5, 6);
    raw.prepare("INSERT INTO locks VALUES (?, ?, ?, ?)").run("src/a.ts:f", "s1", 1, clock.t + 50);
    raw.close();

    file = path.join(dir, "old.db");
    const s = open();
    expect(s.schemaVersion).toBe(MIGRATIONS.length);
    expect(s.contracts.acceptedInFiles(["src/we:ird.ts"]).map((c) => c.contractId)).toEqual(["c-old"]);
    expect(s.locks.getActive("src/a.ts:f")?.sessionId).toBe("s1");
    s.close();
    const check = new Database(file, { readonly: true });
    const indexes = check
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .pluck()
      .all();
    check.close();
    expect(indexes).toEqual(["contracts_by_file", "contracts_by_symbol", "intents_by_status", "locks_by_session"]);
  });

  it("a failing migration leaves the previous version and no partial change", () => {
    const broken = [
      MIGRATIONS[0] as (typeof MIGRATIONS)[number],
      {
        version: 2,
        name: "broken",
        up(db: Database.Database) {
          db.exec("CREATE TABLE half_done (x INTEGER)");
          throw new Error("boom");
        },
      },
    ];
    expect(errorCode(() => open({ migrations: broken }))).toBe("MIGRATION_FAILED");
    const raw = new Database(file, { readonly: true });
    expect(raw.pragma("user_version", { simple: true })).toBe(1);
    expect(raw.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'half_done'").pluck().get()).toBe(0);
    raw.close();
    expect(open().schemaVersion).toBe(MIGRATIONS.length); // the real migrations from 2 on then apply cleanly
  });

  it("refuses a database from a newer daemon, a gap in the migrations, and a file that is not a database", () => {
    open().close();
    const raw = new Database(file);
    raw.pragma("user_version = 99");
    raw.close();
    expect(errorCode(() => open())).toBe("SCHEMA_TOO_NEW");
    const gap = [
      MIGRATIONS[0] as (typeof MIGRATIONS)[number],
      { ...(MIGRATIONS[1] as (typeof MIGRATIONS)[number]), version: 3 },
    ];
    file = path.join(dir, "gap.db");
    expect(errorCode(() => open({ migrations: gap }))).toBe("BAD_MIGRATIONS");
    file = path.join(dir, "junk.db");
    writeFileSync(file, "this is not a database, just text that is long enough to have a header".repeat(20));
    expect(errorCode(() => open())).toBe("OPEN_FAILED");
  });

  it("waits busyTimeoutMs for another connection's write lock, then fails", () => {
    const a = open();
    const b = open({ busyTimeoutMs: 80 });
    const started = Date.now();
    expect(() =>
      a.transaction(() => {
        a.locks.put({ symbolPath: "x:f", sessionId: "s1", acquiredAt: 1, expiresAt: 2 });
        b.locks.put({ symbolPath: "y:f", sessionId: "s2", acquiredAt: 1, expiresAt: 2 });
      }),
    ).toThrow(/busy|locked/i);
    expect(Date.now() - started).toBeGreaterThanOrEqual(70);
    expect(a.locks.get("x:f")).toBeUndefined(); // a's transaction rolled back with the error
  });
});

describe("transactions", () => {
  it("commit on return, roll back on throw, nest as savepoints", () => {
    const s = open();
    s.transaction(() => s.agents.register("a", "s1"));
    expect(() =>
      s.transaction(() => {
        s.agents.register("b", "s2");
        throw new Error("abort");
      }),
    ).toThrow("abort");
    s.transaction(() => {
      s.agents.register("c", "s3");
      try {
        s.transaction(() => {
          s.agents.register("d", "s4");
          throw new Error("inner");
        });
      } catch {
        /* the inner savepoint alone rolls back */
      }
    });
    expect(s.agents.list().map((a) => a.name)).toEqual(["a", "c"]);
  });
});

describe("agents", () => {
  it("register assigns increasing ids and keeps the registration time", () => {
    const s = open();
    const a = s.agents.register("alice", "s1");
    clock.t += 5;
    const b = s.agents.register("alice", "s1");
    expect([a.agentId, b.agentId]).toEqual([1, 2]);
    expect(s.agents.get(2)).toEqual({ agentId: 2, name: "alice", sessionId: "s1", registeredAt: clock.t });
    expect(s.agents.get(3)).toBeUndefined();
  });
});

describe("locks with an injected clock", () => {
  it("is active strictly before expiresAt and expired from expiresAt on", () => {
    const s = open();
    s.locks.put({ symbolPath: "src/a.ts:f", sessionId: "s1", acquiredAt: clock.t, expiresAt: clock.t + 1000 });
    clock.t += 999;
    expect(s.locks.getActive("src/a.ts:f")).toBeDefined();
    expect(ttlRemainingMs(s.locks.get("src/a.ts:f")!, clock.t)).toBe(1);
    clock.t += 1;
    expect(s.locks.getActive("src/a.ts:f")).toBeUndefined();
    expect(s.locks.listActive()).toEqual([]);
    expect(s.locks.get("src/a.ts:f")?.sessionId).toBe("s1"); // still there for takeover
    expect(ttlRemainingMs(s.locks.get("src/a.ts:f")!, clock.t)).toBe(0);
  });

  it("put replaces the row (refresh, takeover); delete reports whether a row went away", () => {
    const s = open();
    s.locks.put({ symbolPath: "p:f", sessionId: "s1", acquiredAt: 1, expiresAt: clock.t + 10 });
    s.locks.put({ symbolPath: "p:f", sessionId: "s2", acquiredAt: 2, expiresAt: clock.t + 20 });
    expect(s.locks.get("p:f")).toEqual({ symbolPath: "p:f", sessionId: "s2", acquiredAt: 2, expiresAt: clock.t + 20 });
    expect(s.locks.delete("p:f")).toBe(true);
    expect(s.locks.delete("p:f")).toBe(false);
  });

  it("lists active locks by session, finds active ones among paths, purges expired", () => {
    const s = open();
    const put = (symbolPath: string, sessionId: string, ttl: number, acquiredAt = clock.t) =>
      s.locks.put({ symbolPath, sessionId, acquiredAt, expiresAt: clock.t + ttl });
    put("a:f", "s1", 100, 3);
    put("b:f", "s2", 100, 1);
    put("c:f", "s1", 5, 2);
    clock.t += 10; // c:f expired
    expect(s.locks.listActive().map((l) => l.symbolPath)).toEqual(["b:f", "a:f"]);
    expect(s.locks.listActive({ sessionId: "s1" }).map((l) => l.symbolPath)).toEqual(["a:f"]);
    expect([...s.locks.activeAmong(["a:f", "c:f", "zzz:f"]).keys()]).toEqual(["a:f"]);
    expect(s.locks.activeAmong([]).size).toBe(0);
    expect(s.locks.listActive({}, clock.t - 10).map((l) => l.symbolPath)).toEqual(["b:f", "c:f", "a:f"]); // explicit time
    expect(s.locks.purgeExpired()).toBe(1);
    expect(s.locks.get("c:f")).toBeUndefined();
  });
});

describe("intents", () => {
  it("stores the protocol's shape and updates status with updatedAt", () => {
    const s = open();
    s.intents.insert(intent({ startByte: null, endByte: null }));
    expect(s.intents.get("i-1")).toEqual(intent({ startByte: null, endByte: null }));
    clock.t += 7;
    expect(s.intents.setStatus("i-1", "active")).toMatchObject({
      status: "active",
      updatedAt: clock.t,
      declaredAt: clock.t - 7,
    });
    expect(s.intents.setStatus("nope", "active")).toBeUndefined();
  });

  it("query defaults to declared + active; an explicit status overrides", () => {
    const s = open();
    for (const [id, status] of [
      ["i1", "declared"],
      ["i2", "active"],
      ["i3", "resolved"],
      ["i4", "abandoned"],
    ] as const) {
      s.intents.insert(intent({ intentId: id, status }));
      clock.t += 1;
    }
    expect(s.intents.query().map((i) => i.intentId)).toEqual(["i1", "i2"]);
    expect(s.intents.query({ status: "resolved" }).map((i) => i.intentId)).toEqual(["i3"]);
    expect(s.intents.query({ status: "abandoned" }).map((i) => i.intentId)).toEqual(["i4"]);
    expect(s.intents.query({ status: "bogus" })).toEqual([]);
  });

  it("the file filter matches one whole entry only", () => {
    const s = open();
    s.intents.insert(intent({ intentId: "i1", files: ",src/auth.ts,src/api.ts," }));
    s.intents.insert(intent({ intentId: "i2", sessionId: "s2", files: ",src/axb.ts," }));
    const ids = (file: string, sessionId?: string) => s.intents.query({ file, sessionId }).map((i) => i.intentId);
    expect(ids("src/auth.ts")).toEqual(["i1"]);
    expect(ids("src/api.ts")).toEqual(["i1"]);
    expect(ids("auth.ts")).toEqual([]);
    expect(ids("src/auth")).toEqual([]);
    expect(ids("src/a_b.ts")).toEqual([]); // no LIKE wildcards
    expect(ids("src/%")).toEqual([]);
    expect(ids("src/auth.ts,src/api.ts")).toEqual([]);
    expect(ids("")).toEqual([]);
    expect(ids("src/axb.ts", "s2")).toEqual(["i2"]);
    expect(ids("src/axb.ts", "s1")).toEqual([]);
  });

  it("liveTouching finds declared/active intents sharing any file, except the excluded one", () => {
    const s = open();
    s.intents.insert(intent({ intentId: "i1", files: ",src/auth.ts," }));
    s.intents.insert(intent({ intentId: "i2", files: ",src/api.ts,src/auth.ts,", status: "active" }));
    s.intents.insert(intent({ intentId: "i3", files: ",src/auth.ts,", status: "resolved" }));
    s.intents.insert(intent({ intentId: "i4", files: ",lib/other.ts," }));
    expect(s.intents.liveTouching(["src/auth.ts"]).map((i) => i.intentId)).toEqual(["i1", "i2"]);
    expect(s.intents.liveTouching(["src/auth.ts", "lib/other.ts"], "i1").map((i) => i.intentId)).toEqual(["i2", "i4"]);
    expect(s.intents.liveTouching(["auth.ts", "", "a,b"])).toEqual([]);
  });

  it("constraints refuse a bad status, a malformed file list, and symbols that are not a JSON array", () => {
    const s = open();
    expect(() => s.intents.insert(intent({ status: "weird" as never }))).toThrow(/CHECK/);
    expect(() => s.intents.insert(intent({ files: "src/auth.ts" }))).toThrow(/CHECK/);
    expect(() => s.intents.insert(intent({ symbols: '{"a":1}' }))).toThrow(/CHECK/);
    expect(() => s.intents.insert(intent({ symbols: "not json" }))).toThrow(/CHECK|JSON/);
    expect(() => s.intents.insert(intent({ startByte: 1.5 }))).toThrow(/INTEGER|cannot store/i);
    expect(s.intents.query({ status: "declared" })).toEqual([]);
  });
});

describe("contracts", () => {
  it("insert is proposed; respond changes a proposed contract once", () => {
    const s = open();
    const c = s.contracts.insert({
      contractId: "c1",
      proposerSessionId: "s1",
      symbolPath: "src/a.ts:f",
      signature: "(x: number): void",
    });
    expect(c).toEqual({
      contractId: "c1",
      proposerSessionId: "s1",
      symbolPath: "src/a.ts:f",
      signature: "(x: number): void",
      status: "proposed",
      responderSessionId: null,
      proposedAt: clock.t,
      respondedAt: null,
    });
    clock.t += 3;
    expect(s.contracts.respond("c1", "accepted", "s2")).toEqual({
      ok: true,
      row: { ...c, status: "accepted", responderSessionId: "s2", respondedAt: clock.t },
    });
    expect(s.contracts.respond("c1", "rejected", "s3")).toMatchObject({
      ok: false,
      reason: "already-resolved",
      row: { status: "accepted" },
    });
    expect(s.contracts.respond("nope", "accepted", "s2")).toEqual({ ok: false, reason: "not-found" });
  });

  it("query filters by symbol path and status; acceptedInFiles selects by the file part", () => {
    const s = open();
    const add = (contractId: string, symbolPath: string, accept: boolean | null) => {
      s.contracts.insert({ contractId, proposerSessionId: "s1", symbolPath, signature: "()" });
      if (accept !== null) s.contracts.respond(contractId, accept ? "accepted" : "rejected", "s2");
      clock.t += 1;
    };
    add("c1", "src/a.ts:f", true);
    add("c2", "src/a.ts:g", false);
    add("c3", "src/b.ts:f", true);
    add("c4", "src/a.ts:f", null);
    add("c5", "src/a.ts.bak:f", true);
    expect(s.contracts.query().map((c) => c.contractId)).toEqual(["c1", "c2", "c3", "c4", "c5"]);
    expect(s.contracts.query({ symbolPath: "src/a.ts:f" }).map((c) => c.contractId)).toEqual(["c1", "c4"]);
    expect(s.contracts.query({ status: "accepted" }).map((c) => c.contractId)).toEqual(["c1", "c3", "c5"]);
    expect(s.contracts.query({ symbolPath: "src/a.ts:f", status: "proposed" }).map((c) => c.contractId)).toEqual([
      "c4",
    ]);
    expect(s.contracts.acceptedInFiles(["src/a.ts"]).map((c) => c.contractId)).toEqual(["c1"]);
    expect(s.contracts.acceptedInFiles(["src/a.ts", "src/b.ts"]).map((c) => c.contractId)).toEqual(["c1", "c3"]);
    expect(s.contracts.acceptedInFiles([])).toEqual([]);
  });
});

describe("file list encoding", () => {
  it("encodes with leading and trailing commas and refuses what it cannot represent", () => {
    expect(encodeFileList(["src/auth.ts", "src/api.ts"])).toEqual({ ok: true, value: ",src/auth.ts,src/api.ts," });
    expect(encodeFileList(["a,b.ts"])).toMatchObject({ ok: false, file: "a,b.ts" });
    expect(encodeFileList([""])).toMatchObject({ ok: false });
    expect(encodeFileList([])).toMatchObject({ ok: false });
    expect(decodeFileList(",src/auth.ts,src/api.ts,")).toEqual(["src/auth.ts", "src/api.ts"]);
    expect(fileListHas(",src/auth.ts,src/api.ts,", "src/auth.ts")).toBe(true);
    expect(fileListHas(",src/auth.ts,src/api.ts,", "auth.ts")).toBe(false);
    expect(fileListHas(",src/auth.ts,src/api.ts,", "src/auth.ts,src/api.ts")).toBe(false);
  });
});
