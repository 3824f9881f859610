/**
 * Child process for store-durability.test.ts: commits one lock per transaction and prints
 * "acked <n>" only after the commit returned, until it is killed.
 */
import { WitStore } from "../../src/wit/store/index.js";

const [file, sync] = process.argv.slice(2);
if (!file) throw new Error("usage: store-child.ts <db file> [NORMAL|FULL]");
const store = WitStore.open(file, { synchronous: sync === "FULL" ? "FULL" : "NORMAL" });
let n = 0;
const tick = (): void => {
  for (let i = 0; i < 20; i++, n++) {
    store.transaction(() =>
      store.locks.put({
        symbolPath: `src/f${n}.ts:fn`,
        sessionId: "child",
        acquiredAt: n,
        expiresAt: Number.MAX_SAFE_INTEGER,
      }),
    );
    process.stdout.write(`acked ${n}\n`);
  }
  setImmediate(tick);
};
tick();
