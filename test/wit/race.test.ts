/**
 * 64 clients, each on its own connection, race for one lock against a real daemon process; 50
 * rounds. Exactly one acquire wins each round; every other client gets LOCK_CONFLICT naming the
 * winner and the winner's expiresAt.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWitClient, isWitError, type WitSocketClient } from "../../src/wit/client/index.js";
import { removeTempRoots, SOURCES, spawnDaemon, tempRoot, writeFiles, type DaemonProcess } from "./daemon-helpers.js";

const CLIENTS = 64;
const ROUNDS = process.env.CONTRACT_SUITE_FULL ? 200 : 50;

let daemon: DaemonProcess;
let clients: WitSocketClient[];
beforeAll(async () => {
  const root = tempRoot("wit-race-");
  writeFiles(root, SOURCES);
  daemon = await spawnDaemon(root);
  clients = Array.from({ length: CLIENTS }, () => createWitClient({ socketPath: daemon.socket, keepAlive: true }));
});
afterAll(async () => {
  await Promise.all((clients ?? []).map((c) => c.close()));
  await daemon?.stop();
  removeTempRoots();
});

describe(`${CLIENTS} clients race for one lock`, () => {
  it(`exactly one wins, the others get LOCK_CONFLICT with heldBy and expiresAt (${ROUNDS} rounds)`, async () => {
    const started = performance.now();
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate a real symbol with callers (released after each round) and a fresh one.
      const symbolPath = round % 2 ? "src/auth.ts:validateToken" : `src/race.ts:r${round}`;
      const outcomes = await Promise.allSettled(
        clients.map((c, i) => c.lock.acquire({ symbolPath, sessionId: `s${i}`, ttlMs: 600_000 })),
      );
      const winners = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
      expect(winners, `round ${round}`).toHaveLength(1);
      const winner = winners[0]!;
      for (const o of outcomes) {
        if (o.status === "fulfilled") continue;
        const e = o.reason as unknown;
        expect(isWitError(e, "LOCK_CONFLICT"), `round ${round}: ${String(e)}`).toBe(true);
        if (isWitError(e, "LOCK_CONFLICT"))
          expect(e.data).toEqual({ heldBy: winner.sessionId, expiresAt: winner.expiresAt });
      }
      const held = await clients[0]!.lock.query({});
      expect(held.filter((l) => l.symbolPath === symbolPath).map((l) => l.sessionId)).toEqual([winner.sessionId]);
      if (round % 2) await clients[0]!.lock.release({ symbolPath, sessionId: winner.sessionId });
    }
    const ms = performance.now() - started;
    console.log(
      `race: ${ROUNDS} rounds x ${CLIENTS} clients = ${ROUNDS * CLIENTS} acquires in ${Math.round(ms)} ms (${Math.round((ROUNDS * CLIENTS) / (ms / 1000))}/s)`,
    );
  });
});
