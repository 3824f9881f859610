/**
 * The model-based check's state (model.ts): the model of locks, intents and contracts, the real
 * daemon's side, and the timing and comparison helpers its commands share.
 */
import fc from "fast-check";
import { expect, fail } from "../harness/check.js";
import { short, Namespace, type Outcome } from "./calls.js";
import type { WitClock, WitTarget } from "./target.js";

export const SESSIONS = ["a", "b", "c"] as const;
export type Session = (typeof SESSIONS)[number];
export const TRANSITIONS: Record<string, readonly string[]> = {
  declared: ["active", "resolved", "abandoned"],
  active: ["resolved", "abandoned"],
  resolved: [],
  abandoned: [],
};
/** Slack for timestamps in real-time mode (daemon and suite read the same machine clock). */
export const TOLERANCE_MS = 5;

/** A time the daemon chose: known exactly (test clock) or bounded by the request; pinned once seen. */
export class Stamp {
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

export interface Lock {
  sessionId: string;
  acquiredAt: number;
  expiresAt: number;
}
export interface Intent {
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
export interface Contract {
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
export async function timed(r: Real, fn: () => Promise<Outcome>): Promise<{ out: Outcome; t0: number; t1: number }> {
  if (r.clock) return { out: await fn(), t0: r.clockNow, t1: r.clockNow };
  const t0 = Date.now();
  const out = await fn();
  return { out, t0, t1: Date.now() };
}

/** Active at every instant of [t0, t1]? Real-time runs never produce an ambiguous case. */
export function active(lock: Lock | undefined, t0: number, t1: number): boolean {
  if (!lock) return false;
  if (lock.expiresAt > t1) return true;
  if (lock.expiresAt <= t0) return false;
  return fail(`the model cannot tell whether a lock expiring at ${lock.expiresAt} is active in [${t0}, ${t1}]`);
}

export const within = (v: number, lo: number, hi: number, what: string) => {
  const slack = lo === hi ? 0 : TOLERANCE_MS;
  expect(v >= lo - slack && v <= hi + slack, `${what}: ${v} is outside [${lo}, ${hi}]`);
};
export const sortJson = <T>(xs: T[]): T[] => [...xs].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
export const ms = (iso: unknown, what: string): number => {
  const n = typeof iso === "string" ? Date.parse(iso) : NaN;
  expect(Number.isFinite(n), `${what}: ${short(iso)} is not an ISO 8601 time`);
  return n;
};

export type Cmd = fc.AsyncCommand<WitModel, Real, false>;

export type Actor = Session | "owner" | "other";

export function actor(r: Real, who: Actor, owner: string | undefined): string {
  if (who === "owner") return owner ?? r.ns.session("a");
  if (who === "other") return SESSIONS.map((s) => r.ns.session(s)).find((s) => s !== owner)!;
  return r.ns.session(who);
}
