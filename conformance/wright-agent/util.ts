import { createHash } from "node:crypto";
import { CheckFailure, expect, fail, SkipCheck, type Check, type CheckContext } from "../harness/check.js";
import { describe, TRANSPORTS, type Outcome, type Transport, type WrightAgentTarget } from "./target.js";

export type WrightAgentCheck = Check<WrightAgentTarget>;

/** Runs `fn` per transport the target offers (of `wanted`); a failure names its transport. */
export async function perTransport(
  target: WrightAgentTarget,
  wanted: readonly Transport[],
  ctx: CheckContext,
  fn: (t: Transport) => Promise<void>,
): Promise<void> {
  const chosen = target.transports.filter((t) => wanted.includes(t));
  if (chosen.length === 0) ctx.log(`not exercised over ${wanted.join(", ")}`);
  for (const t of chosen) {
    try {
      await fn(t);
    } catch (e) {
      if (e instanceof SkipCheck) throw e;
      if (e instanceof CheckFailure) throw new CheckFailure(`[${t}] ${e.message}`, e.details);
      throw new CheckFailure(`[${t}] ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}

/** A check that only applies over some transports is skipped when the target is exercised over none. */
export function onlyOver(target: WrightAgentTarget, wanted: readonly Transport[]): void {
  if (!target.transports.some((t) => wanted.includes(t)))
    throw new SkipCheck(`applies over ${wanted.join(", ")}, which this run does not exercise`);
}

export function expectResult(o: Outcome, what: string): unknown {
  if (o.kind !== "result") fail(`${what}: expected a result, got ${describe(o)}`);
  return o.value;
}

export function expectRefusal(o: Outcome, code: string | readonly string[], what: string): void {
  const codes = typeof code === "string" ? [code] : code;
  if (o.kind !== "refusal") fail(`${what}: expected a refusal ${codes.join(" | ")}, got ${describe(o)}`);
  if (!codes.includes(o.error.code))
    fail(`${what}: expected refusal code ${codes.join(" | ")}, got ${o.error.code} (${o.error.message})`);
  if (typeof o.error.message !== "string") fail(`${what}: a refusal carries a string message`, o);
}

/**
 * A refused edit transaction: a refusal that is no internal error, or a result with `ok: false`, the
 * diagnostics that say why, and no preview (no partial edit set).
 */
export function expectRefusedTransaction(o: Outcome, what: string): void {
  if (o.kind === "refusal") {
    expect(
      o.error.code !== "internal-error",
      `${what}: must be refused explicitly, not by an internal error (${o.error.message})`,
    );
    return;
  }
  const r = obj(expectResult(o, what));
  expect(r.ok === false, `${what}: must be refused (ok: false or a refusal), got ok ${String(r.ok)}`, r);
  expect(list(r.diagnostics).length > 0, `${what}: a refused transaction says why (diagnostics)`, r);
  expect(
    r.preview === undefined || r.preview === null || (Array.isArray(r.preview) && r.preview.length === 0),
    `${what}: a refused transaction carries no preview (no partial edit set)`,
    r.preview,
  );
}

/** More than our 16 MiB line cap (decision 075), and not JSON whatever another server's cap is. */
export const OVERLONG_BYTES = 17 * 1024 * 1024;

/** From this MCP version on (SEP-1303), tool input-validation errors are isError tool results (decision 124). */
export const VALIDATION_AS_RESULT_SINCE = "2025-11-25";

export function expectProtocolError(o: Outcome, code: number, what: string): void {
  if (o.kind !== "protocol-error") fail(`${what}: expected a JSON-RPC error ${code}, got ${describe(o)}`);
  if (o.code !== code) fail(`${what}: expected JSON-RPC error code ${code}, got ${o.code} (${o.message})`);
}

export const obj = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
export const list = (v: unknown): unknown[] =>
  Array.isArray(v) ? v : Array.isArray(obj(v).items) ? (obj(v).items as unknown[]) : [];

/** Stateful checks need our fixture; against any other target they are skipped. */
export function needsOwnFixture(target: WrightAgentTarget, _ctx: CheckContext): boolean {
  if (target.ownsFixture) return true;
  throw new SkipCheck("the target does not serve our fixture (give the command a {fixture} placeholder)");
}

/** The lowercase hex SHA-256 the contract's identities (source_identity, inputIdentity, output.sha256) use. */
export const sha256Hex = (data: string | Uint8Array): string => createHash("sha256").update(data).digest("hex");

export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Skips a check whose requests need operations the target does not advertise over `t`. */
export async function requireOperations(
  target: WrightAgentTarget,
  t: Transport,
  ops: readonly string[],
): Promise<void> {
  const reachable = await target.reachable(t);
  const missing = ops.filter((op) => !reachable.includes(op));
  if (missing.length) throw new SkipCheck(`needs ${missing.join(", ")}, not advertised over ${t}`);
}

/**
 * The one transport a check of the service's own rules uses (not a transport's: stdio or JSON-RPC
 * when offered, MCP only when nothing else is), with `ops` reachable over it.
 */
export async function serviceTransport(target: WrightAgentTarget, ops: readonly string[]): Promise<Transport> {
  const t = target.transports.find((x) => x !== "mcp") ?? target.transports[0];
  if (t === undefined) throw new SkipCheck("no transport");
  await requireOperations(target, t, ops);
  return t;
}

/** A check with our fixture (skipped against any other target), run over every transport it offers. */
export function ownFixtureCheck(
  id: string,
  title: string,
  doc: string,
  body: (target: WrightAgentTarget, t: Transport, ctx: CheckContext) => Promise<void>,
): WrightAgentCheck {
  return {
    id,
    title,
    doc,
    async run(target, ctx) {
      if (!needsOwnFixture(target, ctx)) return;
      await perTransport(target, TRANSPORTS, ctx, (t) => body(target, t, ctx));
    },
  };
}

/** What our fixture states, read from its text (the checks that run with our fixture only compare with it). */
export interface FixtureFacts {
  sources: { path: string; text: string }[];
  entry: string;
  origin: string;
  settings: unknown;
  rules: { conditions: unknown[]; actions: unknown[] }[];
  symbols: { kind: string; name: string }[];
  references: unknown[];
  lintRules: { id: string; defaultSeverity: string }[];
  lintPolicy: { disabled: string[]; severityOverrides: Record<string, string> };
}

export function fixtureFacts(target: WrightAgentTarget): FixtureFacts {
  const f = JSON.parse(target.config.fixture!.text) as Omit<
    FixtureFacts,
    "entry" | "origin" | "settings" | "lintPolicy"
  > & { project: { entry: string; origin: string; settings?: unknown; lintPolicy: FixtureFacts["lintPolicy"] } };
  return {
    ...f,
    entry: f.project.entry,
    origin: f.project.origin,
    settings: f.project.settings ?? null,
    lintPolicy: f.project.lintPolicy,
  };
}
