/**
 * Wit contract and intent checks of rules that no scenario reaches:
 * - contract.retire (contracts/wit/openrpc.json; docs/wit.md, decision 157) was reached by no
 *   check, only by the run's cleanup, outside any check: a daemon that retired nothing, retired
 *   the wrong contracts or refused nothing passed the suite.
 * - intent.query's `file` filter is an "exact segment match" of the stored comma-delimited list
 *   (the seed's design note: `src/auth.ts` matches `",src/auth.ts,src/api.ts,"`), and no check
 *   queried a name spanning two entries (`a.ts,b.ts`), which a plain substring search matches.
 */
import { SYMBOL_MISSING_ACTUAL } from "../../src/wit/protocol.js";
import { expect, SkipCheck, type Check } from "../harness/check.js";
import { call, err, inNamespace, ok, same, type Namespace } from "./calls.js";
import { variantContent } from "./fixtures.js";
import type { WitTarget } from "./target.js";

/** Lets the daemon's clock move on, so that two acceptances are ordered (the runner's clock when it owns one). */
async function tick(target: WitTarget): Promise<void> {
  if (target.clock) await target.clock.advance(1);
  else await new Promise((done) => setTimeout(done, 5));
}

async function proposed(
  target: WitTarget,
  ns: Namespace,
  key: string,
): Promise<{ contractId: string; signature: string }> {
  const c = ok(
    await call(target, "contract.propose", { sessionId: ns.session("a"), symbolPath: ns.path(key) }),
    `A proposes ${key}`,
  );
  await tick(target);
  return c;
}

async function accept(target: WitTarget, ns: Namespace, c: { contractId: string }, what: string): Promise<void> {
  ok(
    await call(target, "contract.respond", { contractId: c.contractId, sessionId: ns.session("b"), accept: true }),
    `B accepts ${what}`,
  );
  await tick(target);
}

export const powerContractChecks: Check<WitTarget>[] = [
  {
    id: "wit/contract-retire",
    title: "contract.retire ends an accepted contract and the older ones it superseded, and refuses anything else",
    doc: "Three accepted contracts of auth.ts:validateToken, accepted in turn (proposed in another order: the second first) and one of auth.ts:decode. Retiring the second-accepted retires it and the first-accepted, which it superseded (result.retired = [second, first]), and leaves the third in force (a changed signature is still its violation); retiring the third retires it alone, and validateToken is no longer enforced (check-contracts enforces a symbol's newest acceptance, decision 143: an older one left accepted would be back in force); contract.query shows each as rejected with retiredAt and retiredBySessionId; decode's contract is untouched and still enforced. Retiring again, retiring a proposed contract and retiring a rejected one are CONTRACT_NOT_ACCEPTED with data.status (and data.retiredAt when retired); an unknown id is CONTRACT_NOT_FOUND. A daemon without the method (METHOD_NOT_FOUND, allowed: an addition to Wit '1') is skipped.",
    async run(target) {
      await inNamespace(target, "retire", async (ns) => {
        const C = ns.session("c");
        const probe = await call(target, "contract.retire", { contractId: `${ns.tag}-missing`, sessionId: C });
        if (!probe.ok && probe.error.code === -32601)
          throw new SkipCheck("the daemon has no contract.retire (METHOD_NOT_FOUND)");
        err(probe, "CONTRACT_NOT_FOUND", "retiring an unknown contract");

        // Three contracts of validateToken, accepted in the order v1, v2, v3 but proposed in the order
        // v2, v1, v3: "older" is the earlier ACCEPTANCE (decision 143), not the earlier proposal.
        const v2 = await proposed(target, ns, "auth.ts:validateToken");
        const v1 = await proposed(target, ns, "auth.ts:validateToken");
        const v3 = await proposed(target, ns, "auth.ts:validateToken");
        for (const [c, what] of [
          [v1, "v1"],
          [v2, "v2"],
          [v3, "v3"],
        ] as const)
          await accept(target, ns, c, `validateToken ${what}`);
        const decode = await proposed(target, ns, "auth.ts:decode");
        await accept(target, ns, decode, "decode");
        const violations = async () =>
          (
            ok(
              await call(target, "check-contracts", {
                files: [{ path: ns.path("auth.ts"), content: variantContent("auth.ts", "changed") }],
              }),
              "check-contracts",
            ).violations as { contractId: string }[]
          )
            .map((v) => v.contractId)
            .sort();
        same(await violations(), [v3.contractId], "before any retirement: the newest acceptance is enforced");

        const r2 = ok(
          await call(target, "contract.retire", { contractId: v2.contractId, sessionId: C }),
          "C retires the second contract",
        );
        same(
          [r2.contractId, r2.retired],
          [v2.contractId, [v2.contractId, v1.contractId]],
          "retiring the second contract: it, then the older one it superseded (the newer third stays)",
        );
        expect(Number.isInteger(r2.retiredAt), "retiredAt is an integer", r2);
        same(await violations(), [v3.contractId], "after retiring the second contract: the third is still enforced");

        await tick(target);
        const r3 = ok(
          await call(target, "contract.retire", { contractId: v3.contractId, sessionId: C }),
          "C retires the third contract",
        );
        same(
          [r3.contractId, r3.retired],
          [v3.contractId, [v3.contractId]],
          "retiring the third contract (the older ones are retired already)",
        );
        same(
          await violations(),
          [],
          "after retiring the third contract: validateToken is no longer enforced (none of the older ones is back in force)",
        );
        same(
          ok(
            await call(target, "check-contracts", {
              files: [{ path: ns.path("auth.ts"), content: variantContent("auth.ts", "removed") }],
            }),
            "check-contracts",
          ).violations as unknown[],
          [
            {
              contractId: decode.contractId,
              symbolPath: ns.path("auth.ts:decode"),
              expected: decode.signature,
              actual: SYMBOL_MISSING_ACTUAL,
            },
          ],
          "decode's contract, never retired, is still enforced",
        );

        const rows = new Map(
          (
            ok(
              await call(target, "contract.query", { symbolPath: ns.path("auth.ts:validateToken") }),
              "contract.query",
            ) as any[]
          ).map((r) => [r.contractId, r]),
        );
        for (const [c, r] of [
          [v1, r2],
          [v2, r2],
          [v3, r3],
        ] as const) {
          const row = rows.get(c.contractId);
          same(
            [row?.status, row?.retiredAt, row?.retiredBySessionId],
            ["rejected", r.retiredAt, C],
            `contract.query: the retired contract ${c.contractId}`,
          );
        }
        const decodeRow = (
          ok(
            await call(target, "contract.query", { symbolPath: ns.path("auth.ts:decode") }),
            "contract.query decode",
          ) as any[]
        )[0];
        same(
          [decodeRow?.status, "retiredAt" in decodeRow, "retiredBySessionId" in decodeRow],
          ["accepted", false, false],
          "contract.query: the contract never retired",
        );

        const again = err(
          await call(target, "contract.retire", { contractId: v1.contractId, sessionId: C }),
          "CONTRACT_NOT_ACCEPTED",
          "retiring a contract retired with its successor",
        );
        same(
          [again.data?.status, again.data?.retiredAt],
          ["rejected", r2.retiredAt],
          "CONTRACT_NOT_ACCEPTED data of a retired contract",
        );
        const alpha = ok(
          await call(target, "contract.propose", {
            sessionId: ns.session("a"),
            symbolPath: ns.path("ranges.py:alpha"),
          }),
          "A proposes alpha",
        );
        same(
          err(
            await call(target, "contract.retire", { contractId: alpha.contractId, sessionId: C }),
            "CONTRACT_NOT_ACCEPTED",
            "retiring a proposed contract",
          ).data?.status,
          "proposed",
          "CONTRACT_NOT_ACCEPTED status of a proposed contract",
        );
        ok(
          await call(target, "contract.respond", {
            contractId: alpha.contractId,
            sessionId: ns.session("b"),
            accept: false,
          }),
          "B rejects alpha",
        );
        const rejected = err(
          await call(target, "contract.retire", { contractId: alpha.contractId, sessionId: C }),
          "CONTRACT_NOT_ACCEPTED",
          "retiring a rejected contract",
        );
        same(
          [rejected.data?.status, rejected.data?.retiredAt],
          ["rejected", undefined],
          "CONTRACT_NOT_ACCEPTED data of a rejected contract (never retired: no retiredAt)",
        );
      });
    },
  },
  {
    id: "wit/intent-query-whole-entry",
    title: "intent.query's file filter matches one whole entry, never a span of two",
    doc: 'An intent on auth.ts and routes.ts is stored as ",<auth.ts>,<routes.ts>,". intent.query with file "<auth.ts>,<routes.ts>" (a name spanning both entries) and with the empty name matches nothing; each of the two names matches it.',
    async run(target) {
      await inNamespace(target, "entry", async (ns) => {
        const [auth, routes] = [ns.path("auth.ts"), ns.path("routes.ts")];
        const { intentId } = ok(
          await call(target, "intent.declare", {
            sessionId: ns.session("a"),
            description: "two files",
            files: [auth, routes],
          }),
          "declare auth.ts and routes.ts",
        );
        const found = async (file: string) =>
          (
            ok(await call(target, "intent.query", { file }), `intent.query file ${JSON.stringify(file)}`) as {
              intentId: string;
            }[]
          ).filter((r) => r.intentId === intentId).length;
        same(await found(auth), 1, "intent.query by the first file");
        same(await found(routes), 1, "intent.query by the second file");
        same(await found(`${auth},${routes}`), 0, "intent.query by a name spanning both entries");
        same(await found(""), 0, "intent.query by the empty name");
      });
    },
  },
];
