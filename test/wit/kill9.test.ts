/**
 * kill -9 during a write load, then restart: every acknowledged lock, intent, contract and
 * response is there; every stored row is whole and was sent by us (nothing half-written), and the
 * database passes SQLite's integrity check. The restart also reclaims the dead daemon's socket.
 */
import Database from "better-sqlite3";
import { existsSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { createWitClient, WitUnavailableError, type WitSocketClient } from "../../src/wit/client/index.js";
import { witPaths } from "../../src/wit/protocol.js";
import { removeTempRoots, SOURCES, spawnDaemon, tempRoot, writeFiles, type DaemonProcess } from "./daemon-helpers.js";

const WORKERS = 8;
const ACKS_BEFORE_KILL = process.env.CONTRACT_SUITE_FULL ? 3_000 : 400;

let daemon: DaemonProcess | undefined;
afterAll(async () => {
  await daemon?.stop();
  removeTempRoots();
});

interface Ledger {
  locksSent: Set<string>;
  locksAcked: Set<string>;
  intentsSent: Map<string, { sessionId: string; file: string }>; // by unique description
  intentsAcked: Map<string, string>; // intentId -> description
  contractsAcked: Map<string, string>; // contractId -> proposer
  respondSent: Set<string>;
  acceptedAcked: Set<string>;
  acks: number;
}

async function worker(w: number, client: WitSocketClient, ledger: Ledger, stop: () => boolean): Promise<void> {
  for (let n = 0; !stop(); n++) {
    try {
      const symbolPath = `src/load/w${w}.ts:f${n}`;
      ledger.locksSent.add(symbolPath);
      await client.lock.acquire({ symbolPath, sessionId: `w${w}`, ttlMs: 3_600_000 });
      ledger.locksAcked.add(symbolPath);
      ledger.acks++;
      const description = `w${w}-intent-${n}`;
      const file = `src/load/w${w}-${n}.ts`;
      ledger.intentsSent.set(description, { sessionId: `w${w}`, file });
      const intent = await client.intent.declare({ sessionId: `w${w}`, description, files: [file] });
      ledger.intentsAcked.set(intent.intentId, description);
      ledger.acks++;
      const proposed = await client.contract.propose({ sessionId: `w${w}`, symbolPath: "src/auth.ts:validateToken" });
      ledger.contractsAcked.set(proposed.contractId, `w${w}`);
      ledger.acks++;
      ledger.respondSent.add(proposed.contractId);
      await client.contract.respond({ contractId: proposed.contractId, sessionId: `reviewer${w}`, accept: true });
      ledger.acceptedAcked.add(proposed.contractId);
      ledger.acks++;
    } catch (e) {
      if (e instanceof WitUnavailableError) return; // the daemon died under us: this request is unacknowledged
      throw e;
    }
  }
}

describe("kill -9 during a write load", () => {
  it("keeps every acknowledged write and nothing half-written", async () => {
    const root = tempRoot("wit-kill-");
    writeFiles(root, SOURCES);
    daemon = await spawnDaemon(root);
    const ledger: Ledger = {
      locksSent: new Set(),
      locksAcked: new Set(),
      intentsSent: new Map(),
      intentsAcked: new Map(),
      contractsAcked: new Map(),
      respondSent: new Set(),
      acceptedAcked: new Set(),
      acks: 0,
    };
    const clients = Array.from({ length: WORKERS }, () =>
      createWitClient({ socketPath: daemon!.socket, timeoutMs: 10_000 }),
    );
    let killed = false;
    const killer = (async () => {
      while (ledger.acks < ACKS_BEFORE_KILL) await new Promise((r) => setTimeout(r, 2));
      process.kill(daemon!.pid, "SIGKILL");
      killed = true;
    })();
    await Promise.all([...clients.map((c, w) => worker(w, c, ledger, () => killed)), killer]);
    await Promise.all(clients.map((c) => c.close()));
    const acksAtKill = ledger.acks;
    await new Promise((r) => setTimeout(r, 200));
    expect(existsSync(witPaths(root).socket), "the killed daemon leaves its socket behind").toBe(true);

    daemon = await spawnDaemon(root);
    const client = createWitClient({ socketPath: daemon.socket, validateResults: true });
    try {
      const locks = await client.lock.query({});
      const lockPaths = new Set(locks.map((l) => l.symbolPath));
      for (const p of ledger.locksAcked) expect(lockPaths.has(p), `acknowledged lock ${p}`).toBe(true);
      for (const p of lockPaths) expect(ledger.locksSent.has(p), `stored lock ${p} was sent`).toBe(true);

      const intents = await client.intent.query({ status: "declared" });
      const byId = new Map(intents.map((i) => [i.intentId, i]));
      for (const [id, description] of ledger.intentsAcked)
        expect(byId.get(id)?.description, `acknowledged intent ${id}`).toBe(description);
      for (const i of intents) {
        const sent = ledger.intentsSent.get(i.description);
        expect(sent, `stored intent ${i.description} was sent`).toBeDefined();
        expect([i.sessionId, i.files, i.symbols, i.status]).toEqual([
          sent!.sessionId,
          `,${sent!.file},`,
          "[]",
          "declared",
        ]);
      }

      const contracts = await client.contract.query({});
      const cById = new Map(contracts.map((c) => [c.contractId, c]));
      for (const [id, proposer] of ledger.contractsAcked)
        expect(cById.get(id)?.proposerSessionId, `acknowledged contract ${id}`).toBe(proposer);
      for (const id of ledger.acceptedAcked)
        expect(cById.get(id)?.status, `acknowledged acceptance ${id}`).toBe("accepted");
      for (const c of contracts) {
        expect(c.signature).toBe("(token: string): Promise<User | null>");
        if (c.status === "accepted")
          expect(ledger.respondSent.has(c.contractId), `accepted contract ${c.contractId} was responded to`).toBe(true);
        else expect([c.status, c.responderSessionId, c.respondedAt]).toEqual(["proposed", null, null]);
      }
      console.log(
        `kill -9 after ${acksAtKill} acknowledged writes (${WORKERS} writers): ${ledger.locksAcked.size} locks, ${ledger.intentsAcked.size} intents, ${ledger.contractsAcked.size} contracts, ${ledger.acceptedAcked.size} acceptances all present; stored ${lockPaths.size} locks, ${intents.length} intents, ${contracts.length} contracts`,
      );
    } finally {
      await client.close();
      await daemon.stop();
      daemon = undefined;
    }
    const db = new Database(witPaths(root).database, { readonly: true });
    try {
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    } finally {
      db.close();
    }
  });
});
