/**
 * Model-based check: a small model of locks, intents and contracts runs beside the daemon through
 * random command sequences from three sessions (fast-check `commands` + `asyncModelRun`). Every
 * answer is predicted by the model and compared. Time either moves through the daemon's test clock
 * (exact predictions, TTLs of 1 s, 5 s and the 30-minute default, advances that never land on
 * an expiry instant) or, without one, is the real clock (TTLs >= 30 minutes only, so no lock
 * expires during a run and every timestamp is checked against the interval around its request).
 * The reference profile adds TTL 0, a lock expired at the instant it is taken (our reading).
 * Where the protocol leaves a choice open, the model accepts each reading: whether the caller's own
 * intents count for INTENT_OVERLAP, whether a refresh moves acquiredAt, and which of two applicable
 * errors comes first.
 */
import fc from "fast-check";
import { SYMBOL_MISSING_ACTUAL } from "../../src/wit/protocol.js";
import { expect, fail, type CheckContext } from "../harness/check.js";
import { call, err, ok, same, short, Namespace, type Outcome } from "./calls.js";
import {
  EXISTING,
  MISSING,
  SOURCE_FILES,
  VARIANTS,
  byteRange,
  calleesOf,
  callersOf,
  variantContent,
  type SourceFile,
  type Variant,
} from "./fixtures.js";
import type { WitClock, WitTarget } from "./target.js";

const SESSIONS = ["a", "b", "c"] as const;
type Session = (typeof SESSIONS)[number];
const TRANSITIONS: Record<string, readonly string[]> = {
  declared: ["active", "resolved", "abandoned"],
  active: ["resolved", "abandoned"],
  resolved: [],
  abandoned: [],
};
/** Slack for timestamps in real-time mode (daemon and suite read the same machine clock). */
const TOLERANCE_MS = 5;

/** A time the daemon chose: known exactly (test clock) or bounded by the request; pinned once seen. */
class Stamp {
  private lo: number;
  private hi: number;
  constructor(lo: number, hi: number, exact = lo === hi) {
    this.lo = exact ? lo : lo - TOLERANCE_MS;
    this.hi = exact ? hi : hi + TOLERANCE_MS;
  }
  accept(value: unknown, what: string): void {
    expect(
      typeof value === "number" && value >= this.lo && value <= this.hi,
      `${what}: ${short(value)} is outside [${this.lo}, ${this.hi}]`,
    );
    this.lo = this.hi = value as number;
  }
}

interface Lock {
  sessionId: string;
  acquiredAt: number;
  expiresAt: number;
}
interface Intent {
  intentId: string;
  sessionId: string;
  description: string;
  files: string[];
  symbols: string[];
  startByte: number | null;
  endByte: number | null;
  status: string;
  declaredAt: Stamp;
  updatedAt: Stamp;
}
interface Contract {
  contractId: string;
  proposerSessionId: string;
  key: string;
  symbolPath: string;
  signature: string;
  status: "proposed" | "accepted" | "rejected";
  responderSessionId: string | null;
  proposedAt: Stamp;
  respondedAt: Stamp | null;
}

export class WitModel {
  readonly locks = new Map<string, Lock>();
  readonly intents: Intent[] = [];
  readonly contracts: Contract[] = [];
  /** Signatures learned from the daemon (it prints them; the model only demands consistency). */
  readonly signatures = new Map<string, string>();
  readonly changedSignatures = new Map<string, string>();
  constructor(readonly manual: boolean) {}
}

export interface Real {
  target: WitTarget;
  ns: Namespace;
  clock?: WitClock;
  clockNow: number;
}

/** The interval a request ran in: exact under the test clock. */
async function timed(r: Real, fn: () => Promise<Outcome>): Promise<{ out: Outcome; t0: number; t1: number }> {
  if (r.clock) return { out: await fn(), t0: r.clockNow, t1: r.clockNow };
  const t0 = Date.now();
  const out = await fn();
  return { out, t0, t1: Date.now() };
}

/** Active at every instant of [t0, t1]? Real-time runs never produce an ambiguous case. */
function active(lock: Lock | undefined, t0: number, t1: number): boolean {
  if (!lock) return false;
  if (lock.expiresAt > t1) return true;
  if (lock.expiresAt <= t0) return false;
  return fail(`the model cannot tell whether a lock expiring at ${lock.expiresAt} is active in [${t0}, ${t1}]`);
}

const within = (v: number, lo: number, hi: number, what: string) => {
  const slack = lo === hi ? 0 : TOLERANCE_MS;
  expect(v >= lo - slack && v <= hi + slack, `${what}: ${v} is outside [${lo}, ${hi}]`);
};
const sortJson = <T>(xs: T[]): T[] => [...xs].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
const ms = (iso: unknown, what: string): number => {
  const n = typeof iso === "string" ? Date.parse(iso) : NaN;
  expect(Number.isFinite(n), `${what}: ${short(iso)} is not an ISO 8601 time`);
  return n;
};

type Cmd = fc.AsyncCommand<WitModel, Real, false>;

class Acquire implements Cmd {
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

class Release implements Cmd {
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

class QueryLocks implements Cmd {
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

class Advance implements Cmd {
  constructor(readonly by: number) {}
  check = (m: Readonly<WitModel>) => m.manual;
  async run(_m: WitModel, r: Real) {
    r.clockNow = await r.clock!.advance(this.by);
  }
  toString = () => `advance(${this.by})`;
}

type Shape = { kind: "symbol"; key: string } | { kind: "files"; files: SourceFile[] };

class Declare implements Cmd {
  constructor(
    readonly s: Session,
    readonly shape: Shape,
    readonly description: string,
  ) {}
  check = () => true;
  async run(m: WitModel, r: Real) {
    const sid = r.ns.session(this.s);
    const [file, symbol] =
      this.shape.kind === "symbol" ? (this.shape.key.split(":") as [SourceFile, string]) : [null, null];
    const files = this.shape.kind === "symbol" ? [r.ns.path(file!)] : this.shape.files.map((f) => r.ns.path(f));
    const symbols = symbol ? [symbol] : [];
    const { out, t0, t1 } = await timed(r, () =>
      call(r.target, "intent.declare", {
        sessionId: sid,
        description: this.description,
        files,
        ...(symbol ? { symbols } : {}),
      }),
    );
    const res = ok(out, `${this}`);
    const range = this.shape.kind === "symbol" ? byteRange(this.shape.key) : { startByte: null, endByte: null };
    const overlaps = (i: Intent) =>
      (i.status === "declared" || i.status === "active") &&
      i.files.some((f) => files.includes(f)) &&
      (range.startByte === null ||
        i.startByte === null ||
        (range.startByte < i.endByte! && i.startByte < range.endByte!));
    const overlapItem = (i: Intent) => ({
      type: "INTENT_OVERLAP",
      overlappingIntentId: i.intentId,
      overlappingSessionId: i.sessionId,
      description: i.description,
    });
    const items = res.conflicts.items as Record<string, unknown>[];
    const of = (type: string) => sortJson(items.filter((i) => i.type === type));
    const others = sortJson(m.intents.filter((i) => overlaps(i) && i.sessionId !== sid).map(overlapItem));
    const all = sortJson(m.intents.filter(overlaps).map(overlapItem));
    const gotOverlap = JSON.stringify(of("INTENT_OVERLAP"));
    expect(
      gotOverlap === JSON.stringify(others) || gotOverlap === JSON.stringify(all),
      `${this}: INTENT_OVERLAP\n  expected ${short(others)}${others.length !== all.length ? `\n  (or, counting own intents, ${short(all)})` : ""}\n  actual   ${gotOverlap}`,
    );
    const pair = this.shape.kind === "symbol" ? r.ns.path(this.shape.key) : null;
    const lockOf = (p: string) => {
      const l = m.locks.get(p);
      return active(l, t0, t1) && l!.sessionId !== sid ? l : undefined;
    };
    const intersect =
      pair && lockOf(pair)
        ? [
            {
              type: "LOCK_INTERSECTION",
              symbolPath: pair,
              heldBy: lockOf(pair)!.sessionId,
              expiresAt: lockOf(pair)!.expiresAt,
            },
          ]
        : [];
    same(
      of("LOCK_INTERSECTION").map((i) => ({ ...i, expiresAt: ms(i.expiresAt, "expiresAt") })),
      sortJson(intersect),
      `${this}: LOCK_INTERSECTION`,
    );
    const chain =
      this.shape.kind === "symbol"
        ? calleesOf(this.shape.key)
            .map((k) => r.ns.path(k))
            .filter((c) => lockOf(c))
            .map((c) => ({ type: "DEP_CHAIN", intentSymbol: pair, lockedCallee: c, heldBy: lockOf(c)!.sessionId }))
        : [];
    same(of("DEP_CHAIN"), sortJson(chain), `${this}: DEP_CHAIN`);
    same(res.conflicts.hasConflicts, items.length > 0, `${this}: hasConflicts`);
    expect(
      items.every((i) => ["INTENT_OVERLAP", "LOCK_INTERSECTION", "DEP_CHAIN"].includes(String(i.type))),
      `${this}: unknown conflict type`,
      items,
    );
    m.intents.push({
      intentId: res.intentId,
      sessionId: sid,
      description: this.description,
      files,
      symbols,
      ...range,
      status: "declared",
      declaredAt: new Stamp(t0, t1),
      updatedAt: new Stamp(t0, t1),
    });
  }
  toString = () =>
    `declare(${this.s}, ${this.shape.kind === "symbol" ? this.shape.key : `[${this.shape.files.join(",")}]`}, ${JSON.stringify(this.description)})`;
}

/** Who acts on an existing record: its owner, someone else, or a given session. */
type Actor = Session | "owner" | "other";

function actor(r: Real, who: Actor, owner: string | undefined): string {
  if (who === "owner") return owner ?? r.ns.session("a");
  if (who === "other") return SESSIONS.map((s) => r.ns.session(s)).find((s) => s !== owner)!;
  return r.ns.session(who);
}

class Update implements Cmd {
  constructor(
    readonly s: Actor,
    readonly pick: number | null,
    readonly status: "active" | "resolved" | "abandoned",
  ) {}
  check = () => true;
  async run(m: WitModel, r: Real) {
    const intent =
      this.pick === null || m.intents.length === 0
        ? undefined
        : m.intents[m.intents.length - 1 - (this.pick % m.intents.length)];
    const sid = actor(r, this.s, intent?.sessionId);
    const intentId = intent?.intentId ?? `${r.ns.tag}-no-such-intent`;
    const { out, t0, t1 } = await timed(r, () =>
      call(r.target, "intent.update", { intentId, sessionId: sid, status: this.status }),
    );
    if (!intent) return void err(out, "INTENT_NOT_FOUND", `${this}`);
    const notOwned = intent.sessionId !== sid;
    const badMove = !TRANSITIONS[intent.status]!.includes(this.status);
    if (notOwned || badMove) {
      expect(
        !out.ok,
        `${this}: expected ${notOwned ? "INTENT_NOT_OWNED" : "INVALID_TRANSITION"} (intent is ${intent.status}, owned by ${intent.sessionId}), got ${short(out)}`,
      );
      const allowed = [notOwned && "INTENT_NOT_OWNED", badMove && "INVALID_TRANSITION"].filter(Boolean);
      expect(
        out.error.code === -32000 && allowed.includes(out.error.message),
        `${this}: expected ${allowed.join(" or ")}, got ${out.error.code} ${out.error.message}`,
      );
      if (out.error.message === "INVALID_TRANSITION")
        same(
          [out.error.data?.current, out.error.data?.requested],
          [intent.status, this.status],
          `${this}: INVALID_TRANSITION data`,
        );
      return;
    }
    const res = ok(out, `${this}`);
    same([res.intentId, res.status], [intentId, this.status], `${this}`);
    within(res.updatedAt, t0, t1, `${this}: updatedAt`);
    intent.status = this.status;
    intent.updatedAt = new Stamp(res.updatedAt, res.updatedAt);
  }
  toString = () => `update(${this.s}, #${this.pick ?? "unknown"}, ${this.status})`;
}

class QueryIntents implements Cmd {
  constructor(
    readonly s: Session | null,
    readonly file: { file: SourceFile; whole: boolean } | null,
    readonly status: string | null,
  ) {}
  check = () => true;
  async run(m: WitModel, r: Real) {
    const sid = this.s === null ? undefined : r.ns.session(this.s);
    const file = this.file === null ? undefined : this.file.whole ? r.ns.path(this.file.file) : this.file.file;
    const params = {
      ...(sid ? { sessionId: sid } : {}),
      ...(file ? { file } : {}),
      ...(this.status ? { status: this.status } : {}),
    };
    const { out } = await timed(r, () => call(r.target, "intent.query", params));
    const rows = (ok(out, `${this}`) as Record<string, unknown>[]).filter((i) => r.ns.owns(String(i.sessionId)));
    const statuses = this.status === null ? ["declared", "active"] : [this.status];
    const expected = m.intents.filter(
      (i) => statuses.includes(i.status) && (!sid || i.sessionId === sid) && (!file || i.files.includes(file)),
    );
    same(rows.map((x) => x.intentId).sort(), expected.map((i) => i.intentId).sort(), `${this}: intents returned`);
    for (const i of expected) {
      const row = rows.find((x) => x.intentId === i.intentId)!;
      let symbols: unknown;
      try {
        symbols = JSON.parse(String(row.symbols));
      } catch {
        symbols = `(not JSON) ${String(row.symbols)}`;
      }
      same(
        [row.sessionId, row.description, row.files, symbols, row.startByte ?? null, row.endByte ?? null, row.status],
        [i.sessionId, i.description, `,${i.files.join(",")},`, i.symbols, i.startByte, i.endByte, i.status],
        `${this}: intent ${i.intentId} (sessionId, description, files, symbols, startByte, endByte, status)`,
      );
      i.declaredAt.accept(row.declaredAt, `${this}: declaredAt`);
      i.updatedAt.accept(row.updatedAt, `${this}: updatedAt`);
    }
  }
  toString = () =>
    `queryIntents(${this.s ?? "any"}, ${this.file ? (this.file.whole ? this.file.file : `bare ${this.file.file}`) : "any file"}, ${this.status ?? "default"})`;
}

class Propose implements Cmd {
  constructor(
    readonly s: Session,
    readonly key: string,
  ) {}
  check = () => true;
  async run(m: WitModel, r: Real) {
    const p = r.ns.path(this.key);
    const sid = r.ns.session(this.s);
    const { out, t0, t1 } = await timed(r, () => call(r.target, "contract.propose", { sessionId: sid, symbolPath: p }));
    if (MISSING.includes(this.key))
      return same(err(out, "SYMBOL_NOT_FOUND", `${this}`).data?.symbolPath, p, `${this}: SYMBOL_NOT_FOUND symbolPath`);
    const res = ok(out, `${this}`);
    same(res.symbolPath, p, `${this}: symbolPath`);
    const known = m.signatures.get(this.key);
    expect(
      typeof res.signature === "string" && res.signature.length > 0 && (known === undefined || known === res.signature),
      `${this}: signature ${short(res.signature)} differs from the one proposed before (${short(known)})`,
    );
    m.signatures.set(this.key, res.signature);
    m.contracts.push({
      contractId: res.contractId,
      proposerSessionId: sid,
      key: this.key,
      symbolPath: p,
      signature: res.signature,
      status: "proposed",
      responderSessionId: null,
      proposedAt: new Stamp(t0, t1),
      respondedAt: null,
    });
  }
  toString = () => `propose(${this.s}, ${this.key})`;
}

class Respond implements Cmd {
  constructor(
    readonly s: Actor,
    readonly pick: number | null,
    readonly accept: boolean,
  ) {}
  check = () => true;
  async run(m: WitModel, r: Real) {
    const c =
      this.pick === null || m.contracts.length === 0
        ? undefined
        : m.contracts[m.contracts.length - 1 - (this.pick % m.contracts.length)];
    const sid = actor(r, this.s, c?.proposerSessionId);
    const contractId = c?.contractId ?? `${r.ns.tag}-no-such-contract`;
    const { out, t0, t1 } = await timed(r, () =>
      call(r.target, "contract.respond", { contractId, sessionId: sid, accept: this.accept }),
    );
    if (!c) return void err(out, "CONTRACT_NOT_FOUND", `${this}`);
    const resolved = c.status !== "proposed";
    const self = c.proposerSessionId === sid;
    if (resolved || self) {
      const allowed = [resolved && "CONTRACT_ALREADY_RESOLVED", self && "SELF_ACCEPT_NOT_ALLOWED"].filter(Boolean);
      expect(
        !out.ok && out.error.code === -32000 && allowed.includes(out.error.message),
        `${this}: expected ${allowed.join(" or ")} (contract ${c.status}, proposed by ${c.proposerSessionId}), got ${short(out)}`,
      );
      if (!out.ok && out.error.message === "CONTRACT_ALREADY_RESOLVED")
        same(out.error.data?.status, c.status, `${this}: CONTRACT_ALREADY_RESOLVED status`);
      return;
    }
    const status = this.accept ? "accepted" : "rejected";
    same(ok(out, `${this}`), { contractId, status }, `${this}`);
    c.status = status;
    c.responderSessionId = sid;
    c.respondedAt = new Stamp(t0, t1);
  }
  toString = () => `respond(${this.s}, #${this.pick ?? "unknown"}, ${this.accept ? "accept" : "reject"})`;
}

class QueryContracts implements Cmd {
  constructor(
    readonly key: string | null,
    readonly status: string | null,
  ) {}
  check = () => true;
  async run(m: WitModel, r: Real) {
    const p = this.key === null ? undefined : r.ns.path(this.key);
    const { out } = await timed(r, () =>
      call(r.target, "contract.query", {
        ...(p ? { symbolPath: p } : {}),
        ...(this.status ? { status: this.status } : {}),
      }),
    );
    const rows = (ok(out, `${this}`) as Record<string, unknown>[]).filter((c) => r.ns.owns(String(c.symbolPath)));
    const expected = m.contracts.filter(
      (c) => (!p || c.symbolPath === p) && (!this.status || c.status === this.status),
    );
    same(rows.map((x) => x.contractId).sort(), expected.map((c) => c.contractId).sort(), `${this}: contracts returned`);
    for (const c of expected) {
      const row = rows.find((x) => x.contractId === c.contractId)!;
      same(
        [row.proposerSessionId, row.symbolPath, row.signature, row.status, row.responderSessionId ?? null],
        [c.proposerSessionId, c.symbolPath, c.signature, c.status, c.responderSessionId],
        `${this}: contract ${c.contractId}`,
      );
      c.proposedAt.accept(row.proposedAt, `${this}: proposedAt`);
      if (c.respondedAt) c.respondedAt.accept(row.respondedAt, `${this}: respondedAt`);
      else same(row.respondedAt ?? null, null, `${this}: respondedAt`);
    }
  }
  toString = () => `queryContracts(${this.key ?? "any"}, ${this.status ?? "any"})`;
}

class Check implements Cmd {
  constructor(readonly staged: { file: SourceFile; variant: Variant }[]) {}
  check = () => true;
  async run(m: WitModel, r: Real) {
    const files = this.staged.map((s) => ({ path: r.ns.path(s.file), content: variantContent(s.file, s.variant) }));
    const { out } = await timed(r, () => call(r.target, "check-contracts", { files }));
    const got = (ok(out, `${this}`).violations as Record<string, unknown>[]).slice();
    const expected: Record<string, unknown>[] = [];
    for (const c of m.contracts.filter((x) => x.status === "accepted")) {
      const [file, symbol] = c.key.split(":") as [SourceFile, string];
      const staged = this.staged.find((s) => s.file === file);
      if (!staged || staged.variant === "original") continue;
      if (staged.variant === "removed" && VARIANTS[file].removed === symbol)
        expected.push({
          contractId: c.contractId,
          symbolPath: c.symbolPath,
          expected: c.signature,
          actual: SYMBOL_MISSING_ACTUAL,
        });
      if (staged.variant === "changed" && VARIANTS[file].changed === symbol) {
        const actual = got.find((v) => v.contractId === c.contractId)?.actual;
        const known = m.changedSignatures.get(c.key);
        expect(
          typeof actual === "string" && actual !== c.signature && (known === undefined || known === actual),
          `${this}: no violation (or an inconsistent one) for ${c.symbolPath} whose signature changed: ${short(got)}`,
        );
        m.changedSignatures.set(c.key, actual as string);
        expected.push({ contractId: c.contractId, symbolPath: c.symbolPath, expected: c.signature, actual });
      }
    }
    const key = (v: Record<string, unknown>) => String(v.contractId);
    same(
      got.sort((a, b) => key(a).localeCompare(key(b))).map((v) => [v.contractId, v.symbolPath, v.expected, v.actual]),
      expected
        .sort((a, b) => key(a).localeCompare(key(b)))
        .map((v) => [v.contractId, v.symbolPath, v.expected, v.actual]),
      `${this}: violations`,
    );
  }
  toString = () => `check(${this.staged.map((s) => `${s.file}:${s.variant}`).join(", ")})`;
}

/** `ttlZero`: whether TTL 0 (a lock expired at the instant it is taken: our daemon's reading, decision 155) is exercised. */
function commandArbitraries(manual: boolean, ttlZero: boolean): fc.Arbitrary<Cmd>[] {
  const session = fc.constantFrom<Session>(...SESSIONS);
  const who = fc.constantFrom<Actor>("owner", "owner", "other", ...SESSIONS);
  const lockKey = fc.constantFrom(...EXISTING, MISSING[0]!, MISSING[1]!);
  const ttls: (number | undefined)[] = manual ? [undefined, 1_000, 5_000] : [undefined, 3_600_000];
  const ttl = fc.constantFrom<number | undefined>(...(ttlZero ? [...ttls, 0] : ttls));
  // Sums of these never equal 1 000, 5 000 or 1 800 000 within a run: no advance lands on an expiry instant.
  const advance = fc.constantFrom(777, 1_553, 2_609, 1_800_007);
  // Picks count back from the newest record, so a sequence often acts on the same one twice.
  const pick = fc.option(fc.nat(3), { nil: null, freq: 8 });
  const shape: fc.Arbitrary<Shape> = fc.oneof(
    fc.constantFrom(...EXISTING).map((key) => ({ kind: "symbol" as const, key })),
    fc.subarray([...SOURCE_FILES], { minLength: 1, maxLength: 2 }).map((files) => ({ kind: "files" as const, files })),
  );
  const status = fc.constantFrom("declared", "active", "resolved", "abandoned", "bogus");
  const staged = fc.uniqueArray(
    fc.record({
      file: fc.constantFrom(...SOURCE_FILES),
      variant: fc.constantFrom<Variant>("original", "changed", "removed"),
    }),
    { minLength: 1, maxLength: 3, selector: (s) => s.file },
  );
  const declare = fc
    .tuple(session, shape, fc.constantFrom("refactor", "fix", "rename"))
    .map(([s, sh, d]) => new Declare(s, sh, d));
  const update = fc
    .tuple(who, pick, fc.constantFrom<"active" | "resolved" | "abandoned">("active", "resolved", "abandoned"))
    .map(([s, p, st]) => new Update(s, p, st));
  const queryIntents = fc
    .tuple(
      fc.option(session, { nil: null, freq: 2 }),
      fc.option(fc.record({ file: fc.constantFrom(...SOURCE_FILES), whole: fc.boolean() }), { nil: null, freq: 2 }),
      fc.option(status, { nil: null, freq: 2 }),
    )
    .map(([s, f, st]) => new QueryIntents(s, f, st));
  return [
    fc.tuple(session, lockKey, ttl).map(([s, k, t]) => new Acquire(s, k, t)),
    fc.tuple(session, lockKey, ttl).map(([s, k, t]) => new Acquire(s, k, t)),
    fc.tuple(who, lockKey).map(([s, k]) => new Release(s, k)),
    fc.option(session, { nil: null }).map((s) => new QueryLocks(s)),
    advance.map((by) => new Advance(by)),
    declare,
    declare,
    update,
    update,
    queryIntents,
    queryIntents,
    fc.tuple(session, fc.constantFrom(...EXISTING, ...EXISTING, ...MISSING)).map(([s, k]) => new Propose(s, k)),
    fc.tuple(who, pick, fc.boolean()).map(([s, p, a]) => new Respond(s, p, a)),
    fc
      .tuple(
        fc.option(fc.constantFrom(...EXISTING), { nil: null }),
        fc.option(fc.constantFrom("proposed", "accepted", "rejected", "bogus"), { nil: null }),
      )
      .map(([k, st]) => new QueryContracts(k, st)),
    staged.map((s) => new Check(s)),
  ];
}

/** Runs `ctx.runs(30)` command sequences (at most 30 commands each; shrinking bounded). */
export async function runModel(
  target: WitTarget,
  ctx: CheckContext,
  options: { ttlZero?: boolean } = {},
): Promise<void> {
  const manual = target.clock !== undefined;
  const sequences = fc.limitShrink(
    fc.commands(commandArbitraries(manual, options.ttlZero ?? true), { maxCommands: 30, size: "medium" }),
    60,
  );
  const details = await fc.check(
    fc.asyncProperty(sequences, async (cmds) => {
      const ns = new Namespace(target, "model");
      try {
        const clockNow = target.clock ? await target.clock.now() : 0;
        await fc.asyncModelRun(
          () => ({ model: new WitModel(manual), real: { target, ns, clock: target.clock, clockNow } }),
          cmds,
        );
      } finally {
        ns.cleanup();
      }
    }),
    { seed: ctx.seed, numRuns: ctx.runs(30), interruptAfterTimeLimit: 120_000 },
  );
  ctx.cases += details.numRuns;
  if (!details.failed) {
    // The time limit ends the run early without failing it; with no sequence run at all nothing was checked.
    if (details.numRuns === 0)
      fail(`no command sequence completed within the time limit (interrupted: ${details.interrupted})`);
    return;
  }
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  fail(
    `model and daemon disagree (${manual ? "test clock" : "real time"}, seed ${details.seed}, path ${details.counterexamplePath ?? "?"}): ${cause}\n  commands: ${String(details.counterexample?.[0] ?? "?")}`,
  );
}
