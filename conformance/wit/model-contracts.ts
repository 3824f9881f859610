/** The model-based check's contract commands (model.ts): propose, respond, query, and check (staged edits). */
import { SYMBOL_MISSING_ACTUAL } from "../../src/wit/protocol.js";
import { expect } from "../harness/check.js";
import { call, err, ok, same, short } from "./calls.js";
import { MISSING, VARIANTS, variantContent, type SourceFile, type Variant } from "./fixtures.js";
import { type Session, Stamp, WitModel, type Real, timed, type Cmd, type Actor, actor } from "./model-state.js";

export class Propose implements Cmd {
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

export class Respond implements Cmd {
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

export class QueryContracts implements Cmd {
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

export class Check implements Cmd {
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
