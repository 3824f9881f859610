/** Wit scenarios: locks (semantics, the active-only query, TTL edges) and caller warnings (docs/wit.md). */
import { expect, type Check } from "../harness/check.js";
import { call, err, inNamespace, iso, ok, same, short } from "./calls.js";
import type { WitTarget } from "./target.js";

/** Lets a lock of `ttlMs` run out: moves the test clock past it, or waits in real time. */
async function pastExpiry(target: WitTarget, ttlMs: number): Promise<void> {
  if (target.clock) await target.clock.advance(ttlMs + 1);
  else await new Promise((resolve) => setTimeout(resolve, ttlMs + 200));
}

export const witLockScenarios: Check<WitTarget>[] = [
  {
    id: "wit/lock-semantics",
    title: "Locks: exclusive, same-session refresh, takeover after expiry, release rules",
    doc: "A lock held by one session conflicts for another (LOCK_CONFLICT with heldBy and expiresAt); the holder's re-acquire refreshes expiresAt to now + ttlMs (shorter or longer); the default TTL is 30 minutes; a lock whose TTL (1 s) has run out is taken over (the test clock moves past it, or, in real time, the check waits 1.2 s); release by another session is LOCK_NOT_HELD, of nothing LOCK_NOT_FOUND; a lock does not need its file or symbol to exist.",
    async run(target) {
      await inNamespace(target, "locks", async (ns) => {
        const [A, B] = [ns.session("a"), ns.session("b")];
        const x = ns.path("auth.ts:decode");
        const first = ok(
          await call(target, "lock.acquire", { symbolPath: x, sessionId: A, ttlMs: 600_000 }),
          "A acquires",
        );
        same(iso(first.expiresAt) - iso(first.acquiredAt), 600_000, "expiresAt - acquiredAt of a new lock");
        const refreshed = ok(
          await call(target, "lock.acquire", { symbolPath: x, sessionId: A, ttlMs: 300_000 }),
          "A refreshes its own lock with a shorter TTL",
        );
        expect(iso(refreshed.expiresAt) < iso(first.expiresAt), "a shorter refresh must move expiresAt earlier", {
          first,
          refreshed,
        });
        const conflict = err(
          await call(target, "lock.acquire", { symbolPath: x, sessionId: B }),
          "LOCK_CONFLICT",
          "B acquires A's lock",
        );
        same(
          [conflict.data?.heldBy, iso(conflict.data?.expiresAt)],
          [A, iso(refreshed.expiresAt)],
          "LOCK_CONFLICT data (heldBy, expiresAt)",
        );
        same(
          err(
            await call(target, "lock.release", { symbolPath: x, sessionId: B }),
            "LOCK_NOT_HELD",
            "B releases A's lock",
          ).data?.heldBy,
          A,
          "LOCK_NOT_HELD heldBy",
        );
        err(
          await call(target, "lock.release", { symbolPath: ns.path("auth.ts:nothing"), sessionId: A }),
          "LOCK_NOT_FOUND",
          "releasing an unlocked symbol",
        );
        const dflt = ok(
          await call(target, "lock.acquire", { symbolPath: ns.path("missing.ts:f"), sessionId: A }),
          "locking a symbol of a missing file",
        );
        same(iso(dflt.expiresAt) - iso(dflt.acquiredAt), 1_800_000, "default TTL");
        const y = ns.path("ranges.py:alpha");
        ok(
          await call(target, "lock.acquire", { symbolPath: y, sessionId: A, ttlMs: 1_000 }),
          "A acquires with a 1 s TTL",
        );
        err(
          await call(target, "lock.acquire", { symbolPath: y, sessionId: B, ttlMs: 600_000 }),
          "LOCK_CONFLICT",
          "B acquires A's live 1 s lock",
        );
        await pastExpiry(target, 1_000);
        ok(
          await call(target, "lock.acquire", { symbolPath: y, sessionId: B, ttlMs: 600_000 }),
          "B takes over A's expired lock",
        );
        const held = (
          ok(await call(target, "lock.query", { sessionId: B }), "lock.query") as { symbolPath: string }[]
        ).map((l) => l.symbolPath);
        expect(held.includes(y), "the taken-over lock is not listed for B", held);
        same(
          ok(await call(target, "lock.release", { symbolPath: x, sessionId: A }), "A releases"),
          { released: true },
          "release result",
        );
        err(await call(target, "lock.release", { symbolPath: x, sessionId: A }), "LOCK_NOT_FOUND", "releasing twice");
        ok(await call(target, "lock.acquire", { symbolPath: x, sessionId: B }), "B acquires the released lock");
      });
    },
  },
  {
    id: "wit/lock-query-active-only",
    title: "lock.query lists only locks that have not expired",
    doc: "A live lock is listed with 0 < ttlRemainingMs <= ttlMs; a 1-second lock disappears once its TTL has run out (the test clock moves past it, or, in real time, the check waits 1.2 s).",
    async run(target) {
      await inNamespace(target, "query", async (ns) => {
        const A = ns.session("a");
        ok(
          await call(target, "lock.acquire", {
            symbolPath: ns.path("auth.ts:validateToken"),
            sessionId: A,
            ttlMs: 600_000,
          }),
          "live lock",
        );
        ok(
          await call(target, "lock.acquire", { symbolPath: ns.path("ranges.py:beta"), sessionId: A, ttlMs: 1_000 }),
          "1 s lock",
        );
        await pastExpiry(target, 1_000);
        for (const params of [{ sessionId: A }, {}]) {
          const rows = (
            ok(await call(target, "lock.query", params), "lock.query") as {
              symbolPath: string;
              ttlRemainingMs: number;
            }[]
          ).filter((l) => ns.owns(l.symbolPath));
          same(
            rows.map((l) => l.symbolPath),
            [ns.path("auth.ts:validateToken")],
            `lock.query ${short(params)} lists only the live lock`,
          );
          expect(
            rows[0]!.ttlRemainingMs > 0 && rows[0]!.ttlRemainingMs <= 600_000,
            "ttlRemainingMs out of range",
            rows[0],
          );
        }
      });
    },
  },
  {
    id: "wit/ttl-edges",
    title: "TTL 0 and negative TTLs give a lock that has already expired (our daemon's reading)",
    doc: "Reference profile. The spec sets no TTL minimum and says expiresAt = now + ttlMs; whether a lock is still active at the very instant expiresAt is our choice (it is not: active means expiresAt > now, decision 155). So a lock taken with TTL 0 or a negative TTL is answered (expiresAt = acquiredAt + ttlMs), never listed by lock.query, and taken over by the next session at once.",
    async run(target) {
      await inNamespace(target, "ttl", async (ns) => {
        const [A, B] = [ns.session("a"), ns.session("b")];
        for (const [key, ttl] of [
          ["auth.ts:decode", 0],
          ["auth.ts:validateToken", -5_000],
        ] as const) {
          const l = ok(
            await call(target, "lock.acquire", { symbolPath: ns.path(key), sessionId: A, ttlMs: ttl }),
            `A acquires with TTL ${ttl}`,
          );
          same(iso(l.expiresAt) - iso(l.acquiredAt), ttl, `expiresAt - acquiredAt with TTL ${ttl}`);
          const rows = (
            ok(await call(target, "lock.query", { sessionId: A }), "lock.query") as { symbolPath: string }[]
          ).filter((r) => ns.owns(r.symbolPath));
          same(rows, [], `lock.query lists a lock taken with TTL ${ttl}`);
          ok(
            await call(target, "lock.acquire", { symbolPath: ns.path(key), sessionId: B, ttlMs: 600_000 }),
            `B takes over A's TTL ${ttl} lock at once`,
          );
        }
      });
    },
  },
  {
    id: "wit/caller-warnings",
    title: "Caller warnings name locked callers, across files, and nothing else",
    doc: "routes.ts:handleLogin calls auth.ts:validateToken, which calls auth.ts:decode. With A holding handleLogin and decode, B locking validateToken gets exactly one warning: handleLogin held by A, chain [handleLogin, validateToken]; decode (a callee) is not a caller. Locks of the acquiring session itself and symbols nobody calls give no warnings.",
    async run(target) {
      await inNamespace(target, "callers", async (ns) => {
        const [A, B] = [ns.session("a"), ns.session("b")];
        const [login, validate, decode] = [
          ns.path("routes.ts:handleLogin"),
          ns.path("auth.ts:validateToken"),
          ns.path("auth.ts:decode"),
        ];
        same(
          ok(await call(target, "lock.acquire", { symbolPath: decode, sessionId: A }), "A locks decode").warnings,
          [],
          "warnings for decode (its caller is not locked)",
        );
        same(
          ok(await call(target, "lock.acquire", { symbolPath: login, sessionId: A }), "A locks handleLogin").warnings,
          [],
          "warnings for handleLogin (nobody calls it)",
        );
        const w = ok(
          await call(target, "lock.acquire", { symbolPath: validate, sessionId: B }),
          "B locks validateToken",
        ).warnings;
        same(w, [{ lockedSymbol: login, heldBy: A, chain: [login, validate] }], "warnings for validateToken");
        same(
          ok(
            await call(target, "lock.acquire", { symbolPath: ns.path("ranges.py:beta"), sessionId: A }),
            "A locks beta",
          ).warnings,
          [],
          "warnings for beta",
        );
        same(
          ok(
            await call(target, "lock.acquire", { symbolPath: ns.path("ranges.py:alpha"), sessionId: A }),
            "A locks alpha",
          ).warnings,
          [],
          "warnings when the caller is locked by the same session",
        );
        same(
          ok(
            await call(target, "lock.acquire", { symbolPath: ns.path("ranges.py:alpha"), sessionId: A }),
            "A refreshes alpha",
          ).warnings,
          [],
          "warnings on refresh by the same session",
        );
      });
    },
  },
];
