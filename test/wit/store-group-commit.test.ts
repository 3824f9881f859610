import { afterEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { WitStore } from "../../src/wit/store/index.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function open(groupCommit: boolean) {
  const dir = mkdtempSync(join(tmpdir(), "wit-group-"));
  dirs.push(dir);
  const file = join(dir, "wit.db");
  return { file, store: WitStore.open(file, { groupCommit }) };
}
const lock = (n: number) => ({ symbolPath: `src/a.ts:f${n}`, sessionId: "s", acquiredAt: 1, expiresAt: 2 ** 40 });
/** What another connection sees: only committed rows. */
const committedLocks = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare("SELECT count(*) AS n FROM locks").get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe("group commit", () => {
  it("writes of one event-loop turn share one commit; durable() resolves after it", async () => {
    const { file, store } = open(true);
    for (let i = 0; i < 5; i++) store.transaction(() => store.locks.put(lock(i)));
    expect(committedLocks(file)).toBe(0); // nothing acknowledged yet, nothing visible outside
    await store.durable();
    expect(committedLocks(file)).toBe(5);
    await store.durable(); // nothing pending: resolves at once
    store.close();
  });

  it("a write that throws rolls back only itself; the batch's other writes commit", async () => {
    const { file, store } = open(true);
    store.transaction(() => store.locks.put(lock(1)));
    expect(() =>
      store.transaction(() => {
        store.locks.put(lock(2));
        throw new Error("conflict");
      }),
    ).toThrow("conflict");
    store.transaction(() => store.locks.put(lock(3)));
    await store.durable();
    expect(committedLocks(file)).toBe(2);
    expect(store.locks.get("src/a.ts:f2")).toBeUndefined();
    store.close();
  });

  it("without group commit every transaction commits at once", () => {
    const { file, store } = open(false);
    store.transaction(() => store.locks.put(lock(1)));
    expect(committedLocks(file)).toBe(1);
    store.close();
  });

  it("close() commits a pending group", () => {
    const { file, store } = open(true);
    store.transaction(() => store.locks.put(lock(7)));
    store.close();
    expect(committedLocks(file)).toBe(1);
  });
});
