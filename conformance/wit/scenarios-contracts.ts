/** Wit scenarios: contracts (semantics, checkContracts) (docs/wit.md). */
import path from "node:path";
import { SYMBOL_MISSING_ACTUAL } from "../../src/wit/protocol.js";
import { expect, type Check } from "../harness/check.js";
import { call, err, inNamespace, ok, same } from "./calls.js";
import { VARIANTS, variantContent } from "./fixtures.js";
import type { WitTarget } from "./target.js";

export const witContractScenarios: Check<WitTarget>[] = [
  {
    id: "wit/contract-semantics",
    title: "Contracts: signatures from disk, only another session responds, once",
    doc: "contract.propose captures `(token: string): boolean` and `(x: int) -> int` with tree-sitter; an unknown symbol, a missing file and an unsupported file are SYMBOL_NOT_FOUND with data.symbolPath. The proposer cannot accept or reject (SELF_ACCEPT_NOT_ALLOWED); another session can, once (then CONTRACT_ALREADY_RESOLVED with data.status); an unknown id is CONTRACT_NOT_FOUND. contract.query shows the responder and times.",
    async run(target) {
      await inNamespace(target, "contracts", async (ns) => {
        const [A, B] = [ns.session("a"), ns.session("b")];
        const ts = ok(
          await call(target, "contract.propose", { sessionId: A, symbolPath: ns.path("auth.ts:validateToken") }),
          "propose validateToken",
        );
        same(
          [ts.symbolPath, ts.signature],
          [ns.path("auth.ts:validateToken"), "(token: string): boolean"],
          "TypeScript signature",
        );
        const py = ok(
          await call(target, "contract.propose", { sessionId: A, symbolPath: ns.path("ranges.py:alpha") }),
          "propose alpha",
        );
        same(py.signature, "(x: int) -> int", "Python signature");
        for (const missing of ["auth.ts:ghost", "missing.ts:f", "notes.txt:x"]) {
          same(
            err(
              await call(target, "contract.propose", { sessionId: A, symbolPath: ns.path(missing) }),
              "SYMBOL_NOT_FOUND",
              `propose ${missing}`,
            ).data?.symbolPath,
            ns.path(missing),
            "SYMBOL_NOT_FOUND symbolPath",
          );
        }
        for (const accept of [true, false])
          err(
            await call(target, "contract.respond", { contractId: ts.contractId, sessionId: A, accept }),
            "SELF_ACCEPT_NOT_ALLOWED",
            `proposer ${accept ? "accepts" : "rejects"} its own contract`,
          );
        same(
          ok(
            await call(target, "contract.respond", { contractId: ts.contractId, sessionId: B, accept: true }),
            "B accepts",
          ),
          { contractId: ts.contractId, status: "accepted" },
          "accept result",
        );
        same(
          err(
            await call(target, "contract.respond", { contractId: ts.contractId, sessionId: B, accept: false }),
            "CONTRACT_ALREADY_RESOLVED",
            "B responds again",
          ).data?.status,
          "accepted",
          "CONTRACT_ALREADY_RESOLVED status",
        );
        same(
          ok(
            await call(target, "contract.respond", { contractId: py.contractId, sessionId: B, accept: false }),
            "B rejects",
          ),
          { contractId: py.contractId, status: "rejected" },
          "reject result",
        );
        err(
          await call(target, "contract.respond", { contractId: `${ns.tag}-missing`, sessionId: B, accept: true }),
          "CONTRACT_NOT_FOUND",
          "unknown contract",
        );
        const rows = ok(
          await call(target, "contract.query", { symbolPath: ns.path("auth.ts:validateToken") }),
          "contract.query",
        ) as any[];
        same(
          rows.map((r) => [r.contractId, r.status, r.proposerSessionId, r.responderSessionId]),
          [[ts.contractId, "accepted", A, B]],
          "contract.query by symbolPath",
        );
        expect(rows[0].respondedAt >= rows[0].proposedAt, "respondedAt earlier than proposedAt", rows[0]);
        same(
          (ok(await call(target, "contract.query", { status: "rejected" }), "query rejected") as any[])
            .filter((r) => ns.owns(r.symbolPath))
            .map((r) => r.contractId),
          [py.contractId],
          "contract.query by status",
        );
      });
    },
  },
  {
    id: "wit/check-contracts",
    title: "check-contracts enforces accepted contracts only, on the staged content",
    doc: "A changed signature of an accepted contract's symbol is a violation (expected = contracted, actual = staged); a removed symbol's actual is \"(symbol not found in staged content)\"; proposed and rejected contracts are never enforced; contracts of files not sent are not checked; a staged path escaping the root is INVALID_REQUEST.",
    async run(target) {
      await inNamespace(target, "check", async (ns) => {
        const [A, B] = [ns.session("a"), ns.session("b")];
        const propose = async (key: string) =>
          ok(await call(target, "contract.propose", { sessionId: A, symbolPath: ns.path(key) }), `propose ${key}`);
        const respond = async (id: string, accept: boolean) =>
          ok(await call(target, "contract.respond", { contractId: id, sessionId: B, accept }), "respond");
        const check = async (files: [string, string][]) =>
          ok(
            await call(target, "check-contracts", {
              files: files.map(([f, content]) => ({ path: ns.path(f), content })),
            }),
            "check-contracts",
          ).violations as any[];
        const validate = await propose("auth.ts:validateToken");
        await respond(validate.contractId, true);
        const decode = await propose("auth.ts:decode");
        const alpha = await propose("ranges.py:alpha");
        await respond(alpha.contractId, false);
        same(
          await check([
            ["auth.ts", variantContent("auth.ts", "original")],
            ["ranges.py", variantContent("ranges.py", "original")],
          ]),
          [],
          "unchanged content",
        );
        const changed = await check([["auth.ts", variantContent("auth.ts", "changed")]]);
        expect(
          changed.length === 1 &&
            changed[0].contractId === validate.contractId &&
            changed[0].symbolPath === ns.path("auth.ts:validateToken") &&
            changed[0].expected === validate.signature &&
            changed[0].actual !== validate.signature,
          "expected one violation for validateToken",
          changed,
        );
        same(
          await check([["auth.ts", variantContent("auth.ts", "removed")]]),
          [],
          `removing ${VARIANTS["auth.ts"].removed}, whose contract is only proposed`,
        );
        same(
          await check([["ranges.py", variantContent("ranges.py", "changed")]]),
          [],
          "changing alpha, whose contract was rejected",
        );
        same(await check([["routes.ts", variantContent("routes.ts", "changed")]]), [], "a file without contracts");
        await respond(decode.contractId, true);
        same(
          await check([["auth.ts", variantContent("auth.ts", "removed")]]),
          [
            {
              contractId: decode.contractId,
              symbolPath: ns.path("auth.ts:decode"),
              expected: decode.signature,
              actual: SYMBOL_MISSING_ACTUAL,
            },
          ],
          "removing decode, now accepted",
        );
        err(
          await call(target, "check-contracts", { files: [{ path: "../outside.ts", content: "" }] }),
          "INVALID_REQUEST",
          "a staged path with ..",
        );
      });
    },
  },
];
