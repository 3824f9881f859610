/** Calling a Wit daemon from checks: envelope added and asserted, answers as outcomes. */
import { randomBytes } from "node:crypto";
import { WIT_ENVELOPE } from "../../src/wit/protocol.js";
import { callRaw, type OpenRpcSuiteSpec } from "../openrpc/checks.js";
import { fail, expect } from "../harness/check.js";
import { removeFixtures, writeFixtures } from "./fixtures.js";
import type { WitTarget } from "./target.js";

export interface RpcErrorShape {
  code: number;
  message: string;
  data?: Record<string, unknown>;
}
export type Outcome = { ok: true; result: any } | { ok: false; error: RpcErrorShape };

const ENVELOPE_ONLY = {
  prefix: "",
  document: { methods: [] },
  methods: {},
  envelope: { ...WIT_ENVELOPE },
} as unknown as OpenRpcSuiteSpec;

export async function call(target: WitTarget, method: string, params: unknown): Promise<Outcome> {
  const a = await callRaw(target, ENVELOPE_ONLY, method, params);
  return "error" in a ? { ok: false, error: a.error as RpcErrorShape } : { ok: true, result: a.result };
}

/** A timestamp's milliseconds (NaN when it is not one). */
export const iso = (s: unknown) => Date.parse(String(s));

export function short(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 600 ? `${s.slice(0, 600)}…` : s;
}

export function ok(o: Outcome, what: string): any {
  if (!o.ok) fail(`${what}: expected a result, got error ${o.error.code} ${o.error.message} ${short(o.error.data)}`);
  return o.result;
}

export function err(
  o: Outcome,
  message: string,
  what: string,
  code = message === "INVALID_REQUEST" ? -32600 : -32000,
): RpcErrorShape {
  if (o.ok) fail(`${what}: expected ${message}, got result ${short(o.result)}`);
  expect(
    o.error.message === message && o.error.code === code,
    `${what}: expected ${code} ${message}, got ${o.error.code} ${o.error.message} ${short(o.error.data)}`,
  );
  return o.error;
}

export function same(actual: unknown, expected: unknown, what: string): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected))
    fail(`${what}:\n  expected ${short(expected)}\n  actual   ${short(actual)}`);
}

/** A private corner of the daemon's root for one check or one model run: fixtures and session names. */
export class Namespace {
  readonly dir: string;
  readonly tag: string;
  constructor(
    readonly target: WitTarget,
    name: string,
  ) {
    this.tag = `${name}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}`;
    this.dir = writeFixtures(target.root, `wit-conformance/${this.tag}`);
  }
  /** `auth.ts:decode` -> `wit-conformance/<tag>/auth.ts:decode`. */
  path(key: string): string {
    return `${this.dir}/${key}`;
  }
  session(name: string): string {
    return `${this.tag}:${name}`;
  }
  owns(pathOrSession: string): boolean {
    return pathOrSession.startsWith(`${this.dir}/`) || pathOrSession.startsWith(`${this.tag}:`);
  }
  cleanup(): void {
    removeFixtures(this.target.root, this.dir);
  }
}

export async function inNamespace<T>(target: WitTarget, name: string, fn: (ns: Namespace) => Promise<T>): Promise<T> {
  const ns = new Namespace(target, name);
  try {
    return await fn(ns);
  } finally {
    ns.cleanup();
  }
}

/** The parsed JSON answer to a raw request body (a check failure when it is not JSON). */
export async function rawAnswer(target: WitTarget, body: string) {
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
