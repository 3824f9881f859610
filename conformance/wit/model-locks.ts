/** The model-based check's lock commands (model.ts): acquire, release, query, and the test clock's advance. */
import { call, err, ok, same } from "./calls.js";
import { callersOf } from "./fixtures.js";
import {
  type Session,
  WitModel,
  type Real,
  timed,
  active,
  within,
  sortJson,
  ms,
  type Cmd,
  type Actor,
  actor,
} from "./model-state.js";

export class Acquire implements Cmd {
  constructor(
    readonly s: Session,
    readonly key: string,
    readonly ttl: number | undefined,
  ) {}
  check = () => true;
  async run(m: WitModel, r: Real) {
    const p = r.ns.path(this.key);
    const sid = r.ns.session(this.s);
    const { out, t0, t1 } = await timed(r, () =>
      call(r.target, "lock.acquire", {
        symbolPath: p,
        sessionId: sid,
        ...(this.ttl === undefined ? {} : { ttlMs: this.ttl }),
      }),
    );
    const cur = m.locks.get(p);
    const held = active(cur, t0, t1);
    if (held && cur!.sessionId !== sid) {
      const e = err(out, "LOCK_CONFLICT", `${this}`);
      same(e.data?.heldBy, cur!.sessionId, `${this}: LOCK_CONFLICT heldBy`);
      same(
        ms(e.data?.expiresAt, `${this}: LOCK_CONFLICT expiresAt`),
        cur!.expiresAt,
        `${this}: LOCK_CONFLICT expiresAt`,
      );
      return;
    }
    const res = ok(out, `${this}`);
    same([res.symbolPath, res.sessionId], [p, sid], `${this}: symbolPath and sessionId`);
    const ttl = this.ttl ?? 1_800_000;
    const expiresAt = ms(res.expiresAt, `${this}: expiresAt`);
    const acquiredAt = ms(res.acquiredAt, `${this}: acquiredAt`);
    within(expiresAt - ttl, t0, t1, `${this}: expiresAt - ttlMs is not the time of the request`);
    // A refresh may keep the first acquiredAt or restart it; a new hold starts now.
    if (!(held && acquiredAt === cur!.acquiredAt)) within(acquiredAt, t0, t1, `${this}: acquiredAt`);
    m.locks.set(p, { sessionId: sid, acquiredAt, expiresAt });
    const expected = callersOf(this.key)
      .map((k) => ({ c: r.ns.path(k), lock: m.locks.get(r.ns.path(k)) }))
      .filter(({ lock }) => active(lock, t0, t1) && lock!.sessionId !== sid)
      .map(({ c, lock }) => ({ lockedSymbol: c, heldBy: lock!.sessionId, chain: [c, p] }));
    same(sortJson(res.warnings), sortJson(expected), `${this}: caller warnings`);
  }
  toString = () => `acquire(${this.s}, ${this.key}, ttl=${this.ttl ?? "default"})`;
}

export class Release implements Cmd {
  constructor(
    readonly s: Actor,
    readonly key: string,
  ) {}
  check = () => true;
  async run(m: WitModel, r: Real) {
    const p = r.ns.path(this.key);
    const sid = actor(r, this.s, m.locks.get(p)?.sessionId);
    const { out, t0, t1 } = await timed(r, () => call(r.target, "lock.release", { symbolPath: p, sessionId: sid }));
    const cur = m.locks.get(p);
    if (!active(cur, t0, t1)) return void err(out, "LOCK_NOT_FOUND", `${this}`);
    if (cur!.sessionId !== sid)
      return same(err(out, "LOCK_NOT_HELD", `${this}`).data?.heldBy, cur!.sessionId, `${this}: LOCK_NOT_HELD heldBy`);
    same(ok(out, `${this}`), { released: true }, `${this}`);
    m.locks.delete(p);
  }
  toString = () => `release(${this.s}, ${this.key})`;
}

export class QueryLocks implements Cmd {
  constructor(readonly s: Session | null) {}
  check = () => true;
  async run(m: WitModel, r: Real) {
    const sid = this.s === null ? undefined : r.ns.session(this.s);
    const { out, t0, t1 } = await timed(r, () =>
      call(r.target, "lock.query", sid === undefined ? {} : { sessionId: sid }),
    );
    const rows = (ok(out, `${this}`) as Record<string, unknown>[]).filter((l) => r.ns.owns(String(l.symbolPath)));
    const expected = [...m.locks.entries()].filter(
      ([, l]) => active(l, t0, t1) && (sid === undefined || l.sessionId === sid),
    );
    same(rows.map((l) => l.symbolPath).sort(), expected.map(([p]) => p).sort(), `${this}: locked symbols`);
    for (const [p, l] of expected) {
      const row = rows.find((x) => x.symbolPath === p)!;
      same(
        [row.sessionId, ms(row.acquiredAt, "acquiredAt"), ms(row.expiresAt, "expiresAt")],
        [l.sessionId, l.acquiredAt, l.expiresAt],
        `${this}: ${p}`,
      );
      within(row.ttlRemainingMs as number, l.expiresAt - t1, l.expiresAt - t0, `${this}: ${p} ttlRemainingMs`);
    }
  }
  toString = () => `queryLocks(${this.s ?? "all"})`;
}

export class Advance implements Cmd {
  constructor(readonly by: number) {}
  check = (m: Readonly<WitModel>) => m.manual;
  async run(_m: WitModel, r: Real) {
    r.clockNow = await r.clock!.advance(this.by);
  }
  toString = () => `advance(${this.by})`;
}
