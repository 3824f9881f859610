/**
 * The Wit conformance suite: the generic OpenRPC checks derived from contracts/wit/openrpc.json,
 * the hand-written rules of docs/wit.md, and the model-based check. Runs against any daemon
 * reachable through its socket (`contract-suite conform wit --socket <path>`).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { BUNDLED_CONTRACTS_DIR } from "../../src/contracts/index.js";
import { witMethods } from "../../src/generated/wit/methods.js";
import { WIT_ENVELOPE } from "../../src/wit/protocol.js";
import type { Suite } from "../harness/check.js";
import { openRpcChecks } from "../openrpc/checks.js";
import type { OpenRpcDocument } from "../openrpc/schema-arbitrary.js";
import { runModel } from "./model.js";
import { witScenarios } from "./scenarios.js";
import type { WitTarget } from "./target.js";

export function witDocument(): OpenRpcDocument {
  return JSON.parse(readFileSync(path.join(BUNDLED_CONTRACTS_DIR, "wit/openrpc.json"), "utf8")) as OpenRpcDocument;
}

/** Generated params stay short-lived: long random TTLs would leave locks behind in a shared daemon. */
function adjustParams(method: string, params: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  if (method !== "lock.acquire") return params;
  return params.map((p) => (typeof p === "object" && p !== null && "ttlMs" in p ? { ...p, ttlMs: Math.abs((p as { ttlMs: number }).ttlMs) % 10_000 } : p));
}

export const witSuite: Suite<WitTarget> = {
  name: "wit",
  description: "Wit coordination daemon: OpenRPC conformance, protocol rules, model-based state checks.",
  checks: [
    ...openRpcChecks<WitTarget>({ prefix: "wit/openrpc", document: witDocument(), methods: witMethods, envelope: { ...WIT_ENVELOPE }, adjustParams }),
    ...witScenarios,
    {
      id: "wit/model",
      title: "A model of locks, intents and contracts agrees with the daemon",
      doc: "Random sequences of acquire, refresh, release, lock.query, the passing of time, declare, every intent transition, intent.query, propose, respond (self and other), contract.query and check-contracts from three sessions; the model predicts every answer (see conformance/wit/model.ts).",
      run: (target, ctx) => runModel(target, ctx),
    },
  ],
};
