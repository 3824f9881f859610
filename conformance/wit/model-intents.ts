/** The model-based check's intent commands (model.ts): declare (symbols or files), update, query. */
import { expect } from "../harness/check.js";
import { call, err, ok, same, short } from "./calls.js";
import { byteRange, calleesOf, type SourceFile } from "./fixtures.js";
import {
  type Session,
  TRANSITIONS,
  Stamp,
  type Intent,
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

export type Shape = { kind: "symbol"; key: string } | { kind: "files"; files: SourceFile[] };

export class Declare implements Cmd {
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

export class Update implements Cmd {
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

export class QueryIntents implements Cmd {
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
