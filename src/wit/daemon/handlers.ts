/**
 * The Wit daemon's methods: the generated `WitHandlers` interface, implemented over the store
 * (SQLite), the analysis (tree-sitter) and the clock, one family per file in methods/. The engine has validated params against the
 * contract (lengths, list sizes, the TTL range: decision 228) before a handler runs; each handler
 * checks path safety (check-contracts first its content limit), then does its
 * work. Every write happens in one synchronous transaction (a savepoint of the store's group
 * commit); the HTTP layer sends an answer only after `store.durable()`, so it is only ever sent for
 * committed state.
 */
import type { WitHandlers } from "../../generated/wit/handlers.js";
import type { DaemonCore } from "./core.js";
import { checkContractsMethod } from "./methods/check-contracts.js";
import { contractMethods } from "./methods/contracts.js";
import { intentMethods } from "./methods/intents.js";
import { lockMethods } from "./methods/locks.js";
import { createSymbolKeys } from "./symbol-keys.js";

export { INTENT_TRANSITIONS } from "./methods/intents.js";

export function createWitHandlers(core: DaemonCore): WitHandlers {
  const { store, clock } = core;
  /** Canonical symbol keys (decision 144): every lock, conflict check and contract match uses them. */
  const keys = createSymbolKeys(core);
  return {
    ping() {
      return "pong";
    },

    register(p) {
      const row = store.transaction(() => store.agents.register(p.name, p.sessionId, clock.now()));
      return { agentId: row.agentId };
    },

    ...lockMethods(core, keys),
    ...intentMethods(core, keys),
    ...contractMethods(core, keys),
    ...checkContractsMethod(core),
  };
}
