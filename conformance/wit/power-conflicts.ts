/**
 * Wit conflict checks added to kill mutation survivors (docs/conformance-power.md): the contract
 * makes DEP_CHAIN a callee of a declared symbol "locked elsewhere" (contracts/wit/openrpc.json,
 * intent.declare; docs/wit.md 051: locked by another session), and no check declared a symbol
 * whose callee the declaring session had locked itself, so a daemon reporting its own locks passed.
 */
import type { Check } from "../harness/check.js";
import { call, inNamespace, ok, same } from "./calls.js";
import type { WitTarget } from "./target.js";

export const powerConflictChecks: Check<WitTarget>[] = [
  {
    id: "wit/dep-chain-own-lock",
    title: "DEP_CHAIN is a callee locked by another session, never by the declaring one",
    doc: 'intent.declare reports DEP_CHAIN for a callee of a declared symbol "locked elsewhere". A session that locked auth.ts:decode itself and declares auth.ts:validateToken (which calls decode) gets no DEP_CHAIN; another session declaring the same symbol gets exactly that DEP_CHAIN, held by the first.',
    async run(target) {
      await inNamespace(target, "depown", async (ns) => {
        const [A, B] = [ns.session("a"), ns.session("b")];
        const auth = ns.path("auth.ts");
        ok(await call(target, "lock.acquire", { symbolPath: ns.path("auth.ts:decode"), sessionId: A }), "A locks decode");
        const declare = async (sessionId: string) =>
          ok(await call(target, "intent.declare", { sessionId, description: "validation", files: [auth], symbols: ["validateToken"] }), `${sessionId} declares validateToken`);
        const own = await declare(A);
        same(own.conflicts.items.filter((i: { type: string }) => i.type === "DEP_CHAIN"), [], "A's report: its own lock on the callee is no DEP_CHAIN");
        const other = await declare(B);
        same(
          other.conflicts.items.filter((i: { type: string }) => i.type === "DEP_CHAIN"),
          [{ type: "DEP_CHAIN", intentSymbol: ns.path("auth.ts:validateToken"), lockedCallee: ns.path("auth.ts:decode"), heldBy: A }],
          "B's report: A's lock on the callee is a DEP_CHAIN",
        );
      });
    },
  },
];
