/**
 * Wit conflict checks the scenarios leave out: the contract
 * makes DEP_CHAIN a callee of a declared symbol "locked elsewhere" (contracts/wit/openrpc.json,
 * intent.declare; docs/wit.md 051: locked by another session), and no check declared a symbol
 * whose callee the declaring session had locked itself, so a daemon reporting its own locks passed.
 * And no check edited a file while the daemon ran: lock.acquire "builds caller-dependency graph on
 * success", so a daemon that kept the graph it built first passed every check (decision 178).
 */
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
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
        ok(
          await call(target, "lock.acquire", { symbolPath: ns.path("auth.ts:decode"), sessionId: A }),
          "A locks decode",
        );
        const declare = async (sessionId: string) =>
          ok(
            await call(target, "intent.declare", {
              sessionId,
              description: "validation",
              files: [auth],
              symbols: ["validateToken"],
            }),
            `${sessionId} declares validateToken`,
          );
        const own = await declare(A);
        same(
          own.conflicts.items.filter((i: { type: string }) => i.type === "DEP_CHAIN"),
          [],
          "A's report: its own lock on the callee is no DEP_CHAIN",
        );
        const other = await declare(B);
        same(
          other.conflicts.items.filter((i: { type: string }) => i.type === "DEP_CHAIN"),
          [
            {
              type: "DEP_CHAIN",
              intentSymbol: ns.path("auth.ts:validateToken"),
              lockedCallee: ns.path("auth.ts:decode"),
              heldBy: A,
            },
          ],
          "B's report: A's lock on the callee is a DEP_CHAIN",
        );
      });
    },
  },
  {
    id: "wit/caller-graph-follows-edits",
    title: "Caller warnings follow the source as it is at the acquire, edits included",
    doc: 'lock.acquire "builds caller-dependency graph on success": the graph is the source as it is at that acquire, not as it was when the daemon first looked. A holds late.ts:later; B\'s locks on auth.ts:validateToken get a warning exactly while late.ts calls validateToken: not before (later calls nothing), then after late.ts is rewritten to call it (chain [later, validateToken], held by A), not after the call is taken out again, and not after late.ts is deleted. Each step is one release and acquire by B, right after the write (no waiting: the graph is built on acquire).',
    async run(target) {
      await inNamespace(target, "fresh", async (ns) => {
        const [A, B] = [ns.session("a"), ns.session("b")];
        const [later, validate] = [ns.path("late.ts:later"), ns.path("auth.ts:validateToken")];
        const file = path.join(target.root, ns.path("late.ts"));
        const calling =
          'import { validateToken } from "./auth";\n\nfunction later(t: string): boolean {\n  return validateToken(t);\n}\n\nexport { later };\n';
        const idle = "function later(t: string): boolean {\n  return t.length > 0;\n}\n\nexport { later };\n";
        const steps: [string, string | undefined, unknown[]][] = [
          ["later calls nothing", idle, []],
          ["later calls validateToken", calling, [{ lockedSymbol: later, heldBy: A, chain: [later, validate] }]],
          ["the call taken out again", `${idle}// no call\n`, []],
          ["late.ts deleted", undefined, []],
        ];
        for (const [i, [what, content, expected]] of steps.entries()) {
          if (content === undefined) rmSync(file);
          else writeFileSync(file, content);
          if (i === 0) ok(await call(target, "lock.acquire", { symbolPath: later, sessionId: A }), "A locks later");
          else
            ok(
              await call(target, "lock.release", { symbolPath: validate, sessionId: B }),
              `B releases validateToken (${what})`,
            );
          same(
            ok(
              await call(target, "lock.acquire", { symbolPath: validate, sessionId: B }),
              `B locks validateToken (${what})`,
            ).warnings,
            expected,
            `warnings for validateToken when ${what}`,
          );
        }
      });
    },
  },
];
