/**
 * The Wit conformance suite: the generic OpenRPC checks derived from contracts/wit/openrpc.json
 * (its envelope read from the document's info["x-envelope"]), the hand-written rules of
 * docs/wit.md, and the model-based check, in two profiles. Runs against any daemon reachable
 * through its socket (`contract-suite conform wit --socket <path>`), and cleans up after itself.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { BUNDLED_CONTRACTS_DIR } from "../../src/contracts/index.js";
import { witMethods } from "../../src/generated/wit/methods.js";
import type { Check, Suite } from "../harness/check.js";
import { openRpcChecks } from "../openrpc/checks.js";
import type { OpenRpcDocument } from "../openrpc/schema-arbitrary.js";
import { cleanUp } from "./cleanup.js";
import { runModel } from "./model.js";
import { powerConflictChecks } from "./power-conflicts.js";
import { powerContractChecks } from "./power-contracts.js";
import { powerDaemonChecks } from "./power-daemon.js";
import { witScenarios } from "./scenarios.js";
import type { WitTarget } from "./target.js";

export function witDocument(): OpenRpcDocument {
  return JSON.parse(readFileSync(path.join(BUNDLED_CONTRACTS_DIR, "wit/openrpc.json"), "utf8")) as OpenRpcDocument;
}

/** Generated params stay short-lived: long random TTLs would leave locks behind in a shared daemon. */
function adjustParams(method: string, params: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  if (method !== "lock.acquire") return params;
  return params.map((p) =>
    typeof p === "object" && p !== null && "ttlMs" in p
      ? { ...p, ttlMs: Math.abs((p as { ttlMs: number }).ttlMs) % 10_000 }
      : p,
  );
}

/**
 * `protocol`: only what the contract and the spec require (the default against a foreign daemon,
 * `--socket`). `reference`: adds our daemon's own choices (the default when conform starts our
 * daemon). Decision 155 classifies every check.
 */
export type WitProfile = "protocol" | "reference";
export const WIT_PROFILES: readonly WitProfile[] = ["protocol", "reference"];

/** Checks that pin our daemon's choices, not the protocol's (reference profile only). */
export const REFERENCE_ONLY: ReadonlySet<string> = new Set([
  // 404/405/413/415 with JSON-RPC error bodies (decision 049): the spec says only POST /rpc, application/json.
  "wit/http-transport",
  // Refusing a request without witVersion "1": the spec says requests carry it, not what a daemon does without it.
  "wit/envelope-required",
  // A lock is expired at the instant expiresAt (TTL 0 is expired at once).
  "wit/ttl-edges",
]);

export function witSuiteFor(profile: WitProfile): Suite<WitTarget> {
  const reference = profile === "reference";
  const checks: Check<WitTarget>[] = [
    // rpc.discover is OpenRPC's optional discovery method: required of our daemon only.
    ...openRpcChecks<WitTarget>({
      prefix: "wit/openrpc",
      document: witDocument(),
      methods: witMethods,
      adjustParams,
      requireDiscover: reference,
    }),
    ...witScenarios.filter((c) => reference || !REFERENCE_ONLY.has(c.id)),
    ...powerConflictChecks,
    ...powerContractChecks,
    ...powerDaemonChecks,
    {
      id: "wit/model",
      title: "A model of locks, intents and contracts agrees with the daemon",
      doc: `Random sequences of acquire, refresh, release, lock.query, the passing of time, declare, every intent transition, intent.query, propose, respond (self and other), contract.query and check-contracts from three sessions; the model predicts every answer (see conformance/wit/model.ts).${reference ? " TTL 0 included (reference profile)." : ""}`,
      run: (target, ctx) => runModel(target, ctx, { ttlZero: reference }),
    },
  ];
  return {
    name: "wit",
    description: `Wit coordination daemon (${profile} profile): OpenRPC conformance, protocol rules, model-based state checks.`,
    checks,
    finish: (target) => cleanUp(target),
  };
}

/** The reference profile: every check (what `conform wit` runs against the daemon it starts). */
export const witSuite: Suite<WitTarget> = witSuiteFor("reference");
