/**
 * Hand-written Wit checks: each pins one rule of docs/wit.md (the design note's semantics) with a
 * short, readable sequence, so a defect is reported under a name that says what broke. The model
 * check (model.ts) then explores the same rules in random combinations.
 */
import { randomUUID } from "node:crypto";
import { symlinkSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { RPC_PATH, SYMBOL_MISSING_ACTUAL, WIT_ENVELOPE } from "../../src/wit/protocol.js";
import { expect, fail, property, type Check } from "../harness/check.js";
import { checkEnvelope } from "../openrpc/checks.js";
import { call, err, inNamespace, ok, same, short } from "./calls.js";
import { VARIANTS, byteRange, variantContent } from "./fixtures.js";
import type { WitTarget } from "./target.js";

const iso = (s: unknown) => Date.parse(String(s));

/** Lets a lock of `ttlMs` run out: moves the test clock past it, or waits in real time. */
async function pastExpiry(target: WitTarget, ttlMs: number): Promise<void> {
  if (target.clock) await target.clock.advance(ttlMs + 1);
  else await new Promise((resolve) => setTimeout(resolve, ttlMs + 200));
}

async function rawAnswer(target: WitTarget, body: string) {
  const reply = await target.rpc(body);
  let parsed: unknown;
  try {
    parsed = JSON.parse(reply.body);
  } catch {
    return fail(`HTTP ${reply.status} answer is not JSON`, {
      body: body.slice(0, 300),
      answer: reply.body.slice(0, 300),
    });
  }
  return parsed as Record<string, any>;
}

export const witScenarios: Check<WitTarget>[] = [
  {
    id: "wit/envelope-required",
    title: 'A request without witVersion "1" is refused',
    doc: 'Every request must carry witVersion "1". A request without it, or with another version, gets -32600 INVALID_REQUEST (with the envelope on the answer), never a result.',
    async run(target) {
      for (const version of [undefined, "2", 1, null]) {
        const req: Record<string, unknown> = { jsonrpc: "2.0", id: randomUUID(), method: "ping", params: {} };
        if (version !== undefined) req.witVersion = version;
        const a = await rawAnswer(target, JSON.stringify(req));
        checkEnvelope(a, WIT_ENVELOPE);
        const e = (a as { error?: { code?: unknown; message?: unknown } }).error;
        expect(
          e?.code === -32600 && e?.message === "INVALID_REQUEST",
          `witVersion ${short(version)} was not refused with -32600 INVALID_REQUEST`,
          a,
        );
      }
    },
  },
  {
    id: "wit/ping-and-invalid-request",
    title: "ping never errors; every -32600 says INVALID_REQUEST",
    doc: 'ping declares no params and no errors: with no params, {}, unknown members, an array or a scalar it answers "pong". Every envelope refusal (not an object, bad jsonrpc, bad id, bad method, empty batch) is -32600 with the one message the contract gives it, INVALID_REQUEST.',
    async run(target) {
      for (const params of [undefined, {}, { extra: 1 }, [1, 2], "x", 7, null]) {
        const req: Record<string, unknown> = { jsonrpc: "2.0", ...WIT_ENVELOPE, id: randomUUID(), method: "ping" };
        if (params !== undefined) req.params = params;
        const a = await rawAnswer(target, JSON.stringify(req));
        expect(a.result === "pong", `ping with params ${short(params)} did not answer "pong"`, a);
      }
      const refusals = [
        "7",
        '"x"',
        "[]",
        JSON.stringify({ jsonrpc: "1.0", ...WIT_ENVELOPE, id: randomUUID(), method: "ping" }),
        JSON.stringify({ jsonrpc: "2.0", ...WIT_ENVELOPE, id: { x: 1 }, method: "ping" }),
        JSON.stringify({ jsonrpc: "2.0", ...WIT_ENVELOPE, id: randomUUID(), method: 5 }),
        "[1]",
      ];
      for (const body of refusals) {
        const parsed = await rawAnswer(target, body);
        for (const a of Array.isArray(parsed) ? parsed : [parsed]) {
          const e = (a as { error?: { code?: unknown; message?: unknown } }).error;
          expect(
            e?.code === -32600 && e?.message === "INVALID_REQUEST",
            `${body.slice(0, 80)}: expected -32600 INVALID_REQUEST, got ${short(e)}`,
            a,
          );
        }
      }
    },
  },
  {
    id: "wit/http-transport",
    title: "HTTP errors carry JSON-RPC error bodies",
    doc: "Wrong path: 404; wrong method: 405 with Allow: POST; wrong content type: 415; a body announced larger than the limit: 413 without the body being read. Each answer is a JSON-RPC error object with witVersion. `application/json; charset=utf-8` is accepted.",
    async run(target) {
      const body = JSON.stringify({ jsonrpc: "2.0", ...WIT_ENVELOPE, id: randomUUID(), method: "ping" });
      const cases = [
        {
          what: "wrong path",
          status: 404,
          req: { method: "POST", path: "/nope", headers: { "content-type": "application/json" }, body },
        },
        { what: "GET /rpc", status: 405, req: { method: "GET", path: RPC_PATH } },
        {
          what: "text/plain",
          status: 415,
          req: { method: "POST", path: RPC_PATH, headers: { "content-type": "text/plain" }, body },
        },
      ];
      for (const c of cases) {
        const r = await target.http(c.req);
        expect(r.status === c.status, `${c.what}: HTTP ${r.status}, expected ${c.status}`, r.body.slice(0, 300));
        let a: unknown;
        try {
          a = JSON.parse(r.body);
        } catch {
          fail(`${c.what}: the ${r.status} answer has no JSON-RPC body`, r.body.slice(0, 300));
        }
        checkEnvelope(a, WIT_ENVELOPE);
        expect("error" in a, `${c.what}: the body is not a JSON-RPC error`, a);
        if (c.status === 405)
          expect(String(r.headers.allow ?? "").includes("POST"), "405 without Allow: POST", r.headers);
      }
      const big = await target.oversized(1 << 30);
      expect(big.status === 413, `a 1 GiB body: HTTP ${big.status}, expected 413`);
      const a = JSON.parse(big.body) as unknown;
      checkEnvelope(a, WIT_ENVELOPE);
      const charset = await target.http({
        method: "POST",
        path: RPC_PATH,
        headers: { "content-type": "application/json; charset=utf-8" },
        body,
      });
      expect(
        charset.status === 200 && JSON.parse(charset.body).result === "pong",
        `application/json; charset=utf-8 was not accepted (HTTP ${charset.status})`,
        charset.body,
      );
    },
  },
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
  {
    id: "wit/intent-conflicts",
    title: "intent.declare reports INTENT_OVERLAP, LOCK_INTERSECTION and DEP_CHAIN",
    doc: "Overlap needs a shared file and overlapping byte ranges (a file-level intent overlaps everything in its files; disjoint functions do not overlap; resolved intents never do); LOCK_INTERSECTION is a declared file:symbol locked by another session; DEP_CHAIN a callee of a declared symbol locked by another session. hasConflicts is true exactly when items is non-empty, and declare always succeeds.",
    async run(target) {
      await inNamespace(target, "intents", async (ns) => {
        const s = (n: string) => ns.session(n);
        const auth = ns.path("auth.ts");
        const py = ns.path("ranges.py");
        const declare = async (who: string, files: string[], symbols?: string[]) =>
          ok(
            await call(target, "intent.declare", {
              sessionId: s(who),
              description: `${who} works`,
              files,
              ...(symbols ? { symbols } : {}),
            }),
            `${who} declares`,
          );
        const types = (r: any) => (r.conflicts.items as { type: string }[]).map((i) => i.type).sort();
        ok(
          await call(target, "lock.acquire", { symbolPath: ns.path("auth.ts:decode"), sessionId: s("b") }),
          "B locks decode",
        );
        const a = await declare("a", [auth], ["validateToken"]);
        same(
          a.conflicts,
          {
            hasConflicts: true,
            items: [
              {
                type: "DEP_CHAIN",
                intentSymbol: ns.path("auth.ts:validateToken"),
                lockedCallee: ns.path("auth.ts:decode"),
                heldBy: s("b"),
              },
            ],
          },
          "A's report (DEP_CHAIN only)",
        );
        const lockC = ok(
          await call(target, "lock.acquire", { symbolPath: ns.path("auth.ts:validateToken"), sessionId: s("c") }),
          "C locks validateToken",
        );
        const d = await declare("d", [auth], ["validateToken"]);
        same(types(d), ["DEP_CHAIN", "INTENT_OVERLAP", "LOCK_INTERSECTION"], "D's conflict types");
        const overlap = d.conflicts.items.find((i: any) => i.type === "INTENT_OVERLAP");
        same(
          overlap,
          {
            type: "INTENT_OVERLAP",
            overlappingIntentId: a.intentId,
            overlappingSessionId: s("a"),
            description: "a works",
          },
          "D's INTENT_OVERLAP",
        );
        const inter = d.conflicts.items.find((i: any) => i.type === "LOCK_INTERSECTION");
        same(
          [inter.symbolPath, inter.heldBy, iso(inter.expiresAt)],
          [ns.path("auth.ts:validateToken"), s("c"), iso(lockC.expiresAt)],
          "D's LOCK_INTERSECTION",
        );
        same(
          (await declare("e", [py], ["gamma"])).conflicts,
          { hasConflicts: false, items: [] },
          "E's report (nothing)",
        );
        same(
          (await declare("f", [py], ["alpha"])).conflicts,
          { hasConflicts: false, items: [] },
          "F's report (alpha and gamma do not overlap)",
        );
        const g = await declare("g", [py]);
        same(
          g.conflicts.items.map((i: any) => i.overlappingSessionId).sort(),
          [s("e"), s("f")].sort(),
          "G's file-level intent overlaps E and F",
        );
        ok(
          await call(target, "intent.update", { intentId: a.intentId, sessionId: s("a"), status: "resolved" }),
          "A resolves",
        );
        const h = await declare("h", [auth, ns.path("routes.ts")], []);
        same(
          h.conflicts.items.map((i: any) => i.overlappingSessionId),
          [s("d")],
          "H overlaps only live intents (D, not the resolved A)",
        );
      });
    },
  },
  {
    id: "wit/intent-lifecycle",
    title: "Intent transitions are forward-only and owner-only",
    doc: "declared -> active -> resolved works; active -> active, resolved -> anything and abandoned -> anything are INVALID_TRANSITION with current and requested; another session gets INTENT_NOT_OWNED; an unknown id INTENT_NOT_FOUND. updatedAt is a millisecond time no earlier than declaredAt.",
    async run(target) {
      await inNamespace(target, "lifecycle", async (ns) => {
        const [A, B] = [ns.session("a"), ns.session("b")];
        const declare = async () =>
          ok(
            await call(target, "intent.declare", { sessionId: A, description: "x", files: [ns.path("auth.ts")] }),
            "declare",
          ).intentId as string;
        const update = (intentId: string, status: string, sessionId = A) =>
          call(target, "intent.update", { intentId, sessionId, status });
        const i = await declare();
        err(await update(i, "active", B), "INTENT_NOT_OWNED", "B updates A's intent");
        const act = ok(await update(i, "active"), "declared -> active");
        same([act.intentId, act.status, typeof act.updatedAt], [i, "active", "number"], "update result");
        same(
          err(await update(i, "active"), "INVALID_TRANSITION", "active -> active").data,
          { current: "active", requested: "active" },
          "INVALID_TRANSITION data",
        );
        ok(await update(i, "resolved"), "active -> resolved");
        for (const to of ["active", "resolved", "abandoned"])
          same(
            err(await update(i, to), "INVALID_TRANSITION", `resolved -> ${to}`).data,
            { current: "resolved", requested: to },
            `resolved -> ${to} data`,
          );
        const j = await declare();
        ok(await update(j, "abandoned"), "declared -> abandoned");
        err(await update(j, "active"), "INVALID_TRANSITION", "abandoned -> active");
        const k = await declare();
        ok(await update(k, "resolved"), "declared -> resolved");
        err(await update(`${ns.tag}-missing`, "active"), "INTENT_NOT_FOUND", "unknown intent");
        const row = (
          ok(await call(target, "intent.query", { sessionId: A, status: "resolved" }), "query") as any[]
        ).find((r) => r.intentId === i);
        expect(row && row.updatedAt >= row.declaredAt, "updatedAt earlier than declaredAt", row);
      });
    },
  },
  {
    id: "wit/intent-query",
    title: "intent.query: live by default, explicit status overrides, whole-entry file match",
    doc: "Without status, only declared and active intents are returned; status resolved/abandoned returns exactly those. The file filter matches one whole entry of the stored ',a,b,' list (a bare file name does not match a path). The stored form: files with leading and trailing commas, symbols a JSON array string, a symbol's byte range for a one-file one-symbol intent, null for a file-level one.",
    async run(target) {
      await inNamespace(target, "iquery", async (ns) => {
        const A = ns.session("a");
        const [auth, routes, py] = [ns.path("auth.ts"), ns.path("routes.ts"), ns.path("ranges.py")];
        const declare = async (files: string[], symbols?: string[]) =>
          ok(
            await call(target, "intent.declare", {
              sessionId: A,
              description: "q",
              files,
              ...(symbols ? { symbols } : {}),
            }),
            "declare",
          ).intentId as string;
        const [i1, i2, i3, i4] = [
          await declare([auth, routes]),
          await declare([py], ["beta"]),
          await declare([auth]),
          await declare([routes]),
        ];
        ok(await call(target, "intent.update", { intentId: i2, sessionId: A, status: "active" }), "i2 active");
        ok(await call(target, "intent.update", { intentId: i3, sessionId: A, status: "resolved" }), "i3 resolved");
        ok(await call(target, "intent.update", { intentId: i4, sessionId: A, status: "abandoned" }), "i4 abandoned");
        const ids = async (params: object) =>
          (ok(await call(target, "intent.query", params), `intent.query ${short(params)}`) as any[])
            .filter((r) => r.sessionId === A)
            .map((r) => r.intentId)
            .sort();
        same(await ids({ sessionId: A }), [i1, i2].sort(), "default query (declared + active)");
        same(await ids({}), [i1, i2].sort(), "default query without session filter");
        same(await ids({ sessionId: A, status: "resolved" }), [i3], "status resolved");
        same(await ids({ sessionId: A, status: "abandoned" }), [i4], "status abandoned");
        same(await ids({ sessionId: A, status: "active" }), [i2], "status active");
        same(await ids({ sessionId: A, file: auth }), [i1], "file filter (whole entry)");
        same(await ids({ sessionId: A, file: "auth.ts" }), [], "file filter with a bare name");
        const rows = ok(await call(target, "intent.query", { sessionId: A }), "query") as any[];
        const r1 = rows.find((r) => r.intentId === i1);
        const r2 = rows.find((r) => r.intentId === i2);
        same(
          [r1.files, JSON.parse(r1.symbols), r1.startByte ?? null, r1.endByte ?? null],
          [`,${auth},${routes},`, [], null, null],
          "stored form of a file-level intent",
        );
        const range = byteRange("ranges.py:beta");
        same(
          [r2.files, JSON.parse(r2.symbols), r2.startByte, r2.endByte],
          [`,${py},`, ["beta"], range.startByte, range.endByte],
          "stored form of a one-symbol intent (byte range of beta)",
        );
      });
    },
  },
  {
    id: "wit/contract-semantics",
    title: "Contracts: signatures from disk, only another session responds, once",
    doc: "contract.propose captures `(token: string): boolean` and `(x: int) -> int` with tree-sitter; an unknown symbol, a missing file and an unsupported file are SYMBOL_NOT_FOUND with data.symbolPath. The proposer cannot accept or reject (SELF_ACCEPT_NOT_ALLOWED); another session can, once (then CONTRACT_ALREADY_RESOLVED with data.status); an unknown id is CONTRACT_NOT_FOUND. contract.query shows the responder and times.",
    async run(target) {
      await inNamespace(target, "contracts", async (ns) => {
        const [A, B] = [ns.session("a"), ns.session("b")];
        const ts = ok(
          await call(target, "contract.propose", { sessionId: A, symbolPath: ns.path("auth.ts:validateToken") }),
          "propose validateToken",
        );
        same(
          [ts.symbolPath, ts.signature],
          [ns.path("auth.ts:validateToken"), "(token: string): boolean"],
          "TypeScript signature",
        );
        const py = ok(
          await call(target, "contract.propose", { sessionId: A, symbolPath: ns.path("ranges.py:alpha") }),
          "propose alpha",
        );
        same(py.signature, "(x: int) -> int", "Python signature");
        for (const missing of ["auth.ts:ghost", "missing.ts:f", "notes.txt:x"]) {
          same(
            err(
              await call(target, "contract.propose", { sessionId: A, symbolPath: ns.path(missing) }),
              "SYMBOL_NOT_FOUND",
              `propose ${missing}`,
            ).data?.symbolPath,
            ns.path(missing),
            "SYMBOL_NOT_FOUND symbolPath",
          );
        }
        for (const accept of [true, false])
          err(
            await call(target, "contract.respond", { contractId: ts.contractId, sessionId: A, accept }),
            "SELF_ACCEPT_NOT_ALLOWED",
            `proposer ${accept ? "accepts" : "rejects"} its own contract`,
          );
        same(
          ok(
            await call(target, "contract.respond", { contractId: ts.contractId, sessionId: B, accept: true }),
            "B accepts",
          ),
          { contractId: ts.contractId, status: "accepted" },
          "accept result",
        );
        same(
          err(
            await call(target, "contract.respond", { contractId: ts.contractId, sessionId: B, accept: false }),
            "CONTRACT_ALREADY_RESOLVED",
            "B responds again",
          ).data?.status,
          "accepted",
          "CONTRACT_ALREADY_RESOLVED status",
        );
        same(
          ok(
            await call(target, "contract.respond", { contractId: py.contractId, sessionId: B, accept: false }),
            "B rejects",
          ),
          { contractId: py.contractId, status: "rejected" },
          "reject result",
        );
        err(
          await call(target, "contract.respond", { contractId: `${ns.tag}-missing`, sessionId: B, accept: true }),
          "CONTRACT_NOT_FOUND",
          "unknown contract",
        );
        const rows = ok(
          await call(target, "contract.query", { symbolPath: ns.path("auth.ts:validateToken") }),
          "contract.query",
        ) as any[];
        same(
          rows.map((r) => [r.contractId, r.status, r.proposerSessionId, r.responderSessionId]),
          [[ts.contractId, "accepted", A, B]],
          "contract.query by symbolPath",
        );
        expect(rows[0].respondedAt >= rows[0].proposedAt, "respondedAt earlier than proposedAt", rows[0]);
        same(
          (ok(await call(target, "contract.query", { status: "rejected" }), "query rejected") as any[])
            .filter((r) => ns.owns(r.symbolPath))
            .map((r) => r.contractId),
          [py.contractId],
          "contract.query by status",
        );
      });
    },
  },
  {
    id: "wit/check-contracts",
    title: "check-contracts enforces accepted contracts only, on the staged content",
    doc: "A changed signature of an accepted contract's symbol is a violation (expected = contracted, actual = staged); a removed symbol's actual is \"(symbol not found in staged content)\"; proposed and rejected contracts are never enforced; contracts of files not sent are not checked; a staged path escaping the root is INVALID_REQUEST.",
    async run(target) {
      await inNamespace(target, "check", async (ns) => {
        const [A, B] = [ns.session("a"), ns.session("b")];
        const propose = async (key: string) =>
          ok(await call(target, "contract.propose", { sessionId: A, symbolPath: ns.path(key) }), `propose ${key}`);
        const respond = async (id: string, accept: boolean) =>
          ok(await call(target, "contract.respond", { contractId: id, sessionId: B, accept }), "respond");
        const check = async (files: [string, string][]) =>
          ok(
            await call(target, "check-contracts", {
              files: files.map(([f, content]) => ({ path: ns.path(f), content })),
            }),
            "check-contracts",
          ).violations as any[];
        const validate = await propose("auth.ts:validateToken");
        await respond(validate.contractId, true);
        const decode = await propose("auth.ts:decode");
        const alpha = await propose("ranges.py:alpha");
        await respond(alpha.contractId, false);
        same(
          await check([
            ["auth.ts", variantContent("auth.ts", "original")],
            ["ranges.py", variantContent("ranges.py", "original")],
          ]),
          [],
          "unchanged content",
        );
        const changed = await check([["auth.ts", variantContent("auth.ts", "changed")]]);
        expect(
          changed.length === 1 &&
            changed[0].contractId === validate.contractId &&
            changed[0].symbolPath === ns.path("auth.ts:validateToken") &&
            changed[0].expected === validate.signature &&
            changed[0].actual !== validate.signature,
          "expected one violation for validateToken",
          changed,
        );
        same(
          await check([["auth.ts", variantContent("auth.ts", "removed")]]),
          [],
          `removing ${VARIANTS["auth.ts"].removed}, whose contract is only proposed`,
        );
        same(
          await check([["ranges.py", variantContent("ranges.py", "changed")]]),
          [],
          "changing alpha, whose contract was rejected",
        );
        same(await check([["routes.ts", variantContent("routes.ts", "changed")]]), [], "a file without contracts");
        await respond(decode.contractId, true);
        same(
          await check([["auth.ts", variantContent("auth.ts", "removed")]]),
          [
            {
              contractId: decode.contractId,
              symbolPath: ns.path("auth.ts:decode"),
              expected: decode.signature,
              actual: SYMBOL_MISSING_ACTUAL,
            },
          ],
          "removing decode, now accepted",
        );
        err(
          await call(target, "check-contracts", { files: [{ path: "../outside.ts", content: "" }] }),
          "INVALID_REQUEST",
          "a staged path with ..",
        );
      });
    },
  },
  {
    id: "wit/path-safety",
    title: "Paths outside the root are refused before anything is read",
    doc: "Absolute paths, '..' escapes and symlinks leading out of the root are refused with -32600 INVALID_REQUEST by lock.acquire, contract.propose and intent.declare (files).",
    async run(target) {
      await inNamespace(target, "paths", async (ns) => {
        const A = ns.session("a");
        symlinkSync("/", path.join(target.root, ns.dir, "escape"));
        const bad = ["/etc/passwd", "../../etc/passwd", `${ns.dir}/../../../etc/passwd`, `${ns.dir}/escape/etc/passwd`];
        for (const file of bad) {
          err(
            await call(target, "lock.acquire", { symbolPath: `${file}:x`, sessionId: A }),
            "INVALID_REQUEST",
            `lock.acquire ${file}:x`,
          );
          err(
            await call(target, "contract.propose", { symbolPath: `${file}:x`, sessionId: A }),
            "INVALID_REQUEST",
            `contract.propose ${file}:x`,
          );
          err(
            await call(target, "intent.declare", { sessionId: A, description: "x", files: [file] }),
            "INVALID_REQUEST",
            `intent.declare ${file}`,
          );
        }
      });
    },
  },
  {
    id: "wit/hostile-inputs",
    title: "Hostile input gets structured errors and the daemon keeps serving",
    doc: "Random text, random JSON, requests with random params for every method, deep nesting, __proto__/constructor members and huge strings each get a JSON-RPC answer with the envelope; afterwards ping still answers pong.",
    async run(target, ctx) {
      const methods = [
        "ping",
        "register",
        "lock.acquire",
        "lock.release",
        "lock.query",
        "intent.declare",
        "intent.update",
        "intent.query",
        "contract.propose",
        "contract.respond",
        "contract.query",
        "check-contracts",
        "__proto__",
        "constructor",
      ];
      const request = fc
        .record({ method: fc.constantFrom(...methods), params: fc.jsonValue({ maxDepth: 3 }) })
        .map((r) => JSON.stringify({ jsonrpc: "2.0", ...WIT_ENVELOPE, id: randomUUID(), ...r }));
      const body = fc.oneof(
        fc.string({ maxLength: 60 }),
        fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
        request,
        request,
      );
      const fixed = [
        "[".repeat(100_000),
        `{"jsonrpc":"2.0","witVersion":"1","id":1,"method":"lock.acquire","params":${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}}`,
        '{"jsonrpc":"2.0","witVersion":"1","id":1,"method":"lock.acquire","params":{"__proto__":{"isAdmin":true},"symbolPath":"a.ts:f","sessionId":"x"}}',
        '{"jsonrpc":"2.0","witVersion":"1","id":1,"method":"intent.declare","params":{"sessionId":"x","description":"d","files":["a.ts"],"constructor":{"prototype":{"x":1}}}}',
        '{"jsonrpc":"2.0","witVersion":"1","id":1,"method":"check-contracts","params":{"files":[{"path":"a.ts","content":"x","__proto__":null}]}}',
        JSON.stringify({
          jsonrpc: "2.0",
          ...WIT_ENVELOPE,
          id: randomUUID(),
          method: "register",
          params: { name: "n".repeat(100_000), sessionId: "s" },
        }),
        JSON.stringify({
          jsonrpc: "2.0",
          ...WIT_ENVELOPE,
          id: randomUUID(),
          method: "lock.acquire",
          params: { symbolPath: "a.ts:f", sessionId: "s", ttlMs: 1e300 },
        }),
        JSON.stringify(
          Array.from({ length: 500 }, () => ({ jsonrpc: "2.0", ...WIT_ENVELOPE, id: randomUUID(), method: "ping" })),
        ),
      ];
      const answered = async (b: string) => {
        const reply = await target.rpc(b);
        let a: unknown;
        try {
          a = JSON.parse(reply.body);
        } catch {
          fail(`HTTP ${reply.status}: the answer is not JSON`, {
            body: b.slice(0, 200),
            answer: reply.body.slice(0, 200),
          });
        }
        for (const x of Array.isArray(a) ? a : [a]) checkEnvelope(x, WIT_ENVELOPE, b.slice(0, 200));
      };
      for (const b of fixed) await answered(b);
      await property(ctx, 60, body, answered);
      const pong = await rawAnswer(
        target,
        JSON.stringify({ jsonrpc: "2.0", ...WIT_ENVELOPE, id: randomUUID(), method: "ping" }),
      );
      expect(pong.result === "pong", "the daemon no longer answers ping after hostile input", pong);
    },
  },
];
