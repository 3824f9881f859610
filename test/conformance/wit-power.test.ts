/**
 * The Wit checks added to kill mutation survivors (conformance/wit/power-conflicts.ts): our daemon
 * (started as `conform wit` starts it: in process, real Unix socket, SQLite) passes them; a daemon
 * broken their way fails them, each a proxy in front of our daemon that behaves as a broken daemon:
 * - declares every intent under a fresh session, as a daemon that forgets who declares would, so
 *   the declarer's own lock reads as another session's (wit/dep-chain-own-lock);
 * - answers contract.retire with a plausible result and retires nothing (wit/contract-retire);
 * - reports only the named contract in contract.retire's `retired`, not the older ones it superseded (wit/contract-retire);
 * - turns every contract.retire refusal into a success (wit/contract-retire);
 * - matches intent.query's file filter as a substring of the stored list (wit/intent-query-whole-entry);
 * - refuses to abandon an intent it saw become active (wit/intent-transitions);
 * - stores every declared file as sent, duplicates included (wit/intent-files-stored-once);
 * - counts a staged content's characters, not its bytes, against the 2 MiB limit (wit/check-contracts-content-limit);
 * - answers every acquire of a symbol with the caller warnings of its first acquire, as a daemon that
 *   built its caller graph once and never looked at the files again would (wit/caller-graph-follows-edits).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSuite } from "../../conformance/harness/runner.js";
import type { SuiteTarget } from "../../conformance/harness/target.js";
import { powerConflictChecks } from "../../conformance/wit/power-conflicts.js";
import { powerContractChecks } from "../../conformance/wit/power-contracts.js";
import { powerDaemonChecks } from "../../conformance/wit/power-daemon.js";
import { witSuite } from "../../conformance/wit/suite.js";
import type { WitTarget } from "../../conformance/wit/target.js";
import { witTargets } from "../../conformance/wit/targets.js";

const ids = [...powerConflictChecks, ...powerContractChecks, ...powerDaemonChecks].map((c) => c.id);

type Request = { jsonrpc: string; id?: unknown; method?: string; params?: Record<string, any>; witVersion?: string };
const reply = (req: Request, result: unknown) => ({
  status: 200,
  body: JSON.stringify({ jsonrpc: "2.0", witVersion: req.witVersion, id: req.id, result }),
});

/** A proxy that lets `answer` take a request over (return a reply) or pass it on (return undefined). */
function proxy(
  base: WitTarget,
  answer: (
    req: Request,
    forward: (r: Request) => Promise<any>,
  ) => Promise<{ status: number; body: string } | undefined>,
): WitTarget {
  const forward = async (r: Request) => JSON.parse((await base.rpc(JSON.stringify(r))).body);
  return {
    ...base,
    async rpc(body) {
      const req = JSON.parse(body) as Request;
      return (await answer(req, forward)) ?? base.rpc(body);
    },
  };
}

const retiresNothing = (base: WitTarget) =>
  proxy(base, async (req, forward) => {
    if (req.method !== "contract.retire") return undefined;
    const a = await forward({ ...req, method: "contract.query", params: {} });
    const rows = a.result as any[];
    const row = rows.find((c) => c.contractId === req.params?.contractId);
    if (row?.status !== "accepted") return undefined;
    // The answer a working daemon would give: it, then the older accepted contracts of its symbol.
    const older = rows.filter(
      (c) =>
        c.status === "accepted" &&
        c.symbolPath === row.symbolPath &&
        c.contractId !== row.contractId &&
        c.respondedAt < row.respondedAt,
    );
    return reply(req, {
      contractId: row.contractId,
      retiredAt: Date.now(),
      retired: [row.contractId, ...older.reverse().map((c) => c.contractId)],
    });
  });

/** Reports only the named contract in `retired` (hides the older ones it superseded and retired with it). */
const reportsNamedOnly = (base: WitTarget) =>
  proxy(base, async (req, forward) => {
    if (req.method !== "contract.retire") return undefined;
    const a = await forward(req);
    return {
      status: 200,
      body: JSON.stringify(a.result ? { ...a, result: { ...a.result, retired: [a.result.contractId] } } : a),
    };
  });

const refusesNothing = (base: WitTarget) =>
  proxy(base, async (req, forward) => {
    if (req.method !== "contract.retire") return undefined;
    const a = await forward(req);
    return a.error
      ? reply(req, { contractId: req.params?.contractId, retiredAt: Date.now(), retired: [] })
      : { status: 200, body: JSON.stringify(a) };
  });

/** intent.query's file filter as a substring of the stored list (`instr(files, file)`), not one whole entry. */
const substringFilter = (base: WitTarget) =>
  proxy(base, async (req, forward) => {
    if (req.method !== "intent.query" || typeof req.params?.file !== "string") return undefined;
    const { file, ...rest } = req.params;
    const a = await forward({ ...req, params: rest });
    return reply(
      req,
      (a.result as { files: string }[]).filter((r) => r.files.includes(file)),
    );
  });

/** A transition table without active -> abandoned: refuses to abandon an intent it saw become active. */
function keepsActiveIntents(base: WitTarget): WitTarget {
  const active = new Set<unknown>();
  return proxy(base, async (req, forward) => {
    if (req.method !== "intent.update") return undefined;
    const id = req.params?.intentId;
    if (req.params?.status === "abandoned" && active.has(id)) {
      const error = {
        code: -32000,
        message: "INVALID_TRANSITION",
        data: { current: "active", requested: "abandoned" },
      };
      return { status: 200, body: JSON.stringify({ jsonrpc: "2.0", witVersion: req.witVersion, id: req.id, error }) };
    }
    const a = await forward(req);
    if (a.result && req.params?.status === "active") active.add(id);
    return { status: 200, body: JSON.stringify(a) };
  });
}

/** Stores declared files as sent: intent.query shows the declared list, duplicates included (lexically tidied only). */
function keepsDuplicates(base: WitTarget): WitTarget {
  const declared = new Map<string, string[]>();
  const tidy = (f: string) => f.replace(/^\.\//, "").replace(/\/\/+/g, "/");
  return proxy(base, async (req, forward) => {
    if (req.method === "intent.declare") {
      const a = await forward(req);
      if (a.result) declared.set(a.result.intentId, (req.params?.files as string[]).map(tidy));
      return { status: 200, body: JSON.stringify(a) };
    }
    if (req.method !== "intent.query") return undefined;
    const a = await forward(req);
    const rows = (a.result as { intentId: string; files: string }[]).map((r) =>
      declared.has(r.intentId) ? { ...r, files: `,${declared.get(r.intentId)!.join(",")},` } : r,
    );
    return reply(req, rows);
  });
}

/** Counts a staged content's characters, not its bytes, against the 2 MiB limit (what it accepts reaches our daemon empty). */
const countsCharacters = (base: WitTarget) =>
  proxy(base, async (req) => {
    if (req.method !== "check-contracts") return undefined;
    const files = (req.params?.files as { path: string; content: string }[]).map((f) =>
      f.content.length <= 2 * 1024 * 1024 ? { ...f, content: "" } : f,
    );
    return base.rpc(JSON.stringify({ ...req, params: { ...req.params, files } }));
  });

/** The caller graph as it was at a symbol's first acquire: later acquires get that acquire's warnings. */
function firstGraphOnly(base: WitTarget): WitTarget {
  const first = new Map<string, unknown>();
  return proxy(base, async (req, forward) => {
    if (req.method !== "lock.acquire") return undefined;
    const a = await forward(req);
    const key = String(req.params?.symbolPath);
    if (!a.result) return { status: 200, body: JSON.stringify(a) };
    if (!first.has(key)) first.set(key, a.result.warnings);
    return reply(req, { ...a.result, warnings: first.get(key) });
  });
}

function forgetfulDeclarer(base: WitTarget): WitTarget {
  let n = 0;
  return {
    ...base,
    rpc(body) {
      const req = JSON.parse(body) as { method?: string; params?: { sessionId?: string } };
      if (req.method === "intent.declare" && req.params?.sessionId)
        req.params.sessionId = `${req.params.sessionId}-as-${++n}`;
      return base.rpc(JSON.stringify(req));
    },
  };
}

let daemon: SuiteTarget<WitTarget>;
beforeAll(async () => {
  daemon = (await witTargets({}))[0]!;
}, 120_000);
afterAll(async () => {
  await daemon?.close?.();
});

describe("wit power checks", () => {
  it("our daemon passes them", async () => {
    const r = await runSuite(witSuite, daemon.target, "ours", { only: ids });
    expect(r.results.map((x) => [x.id, x.status, x.message])).toEqual(ids.map((id) => [id, "pass", undefined]));
  });

  it("a daemon that keeps the caller graph of a symbol's first acquire fails wit/caller-graph-follows-edits", async () => {
    const r = await runSuite(witSuite, firstGraphOnly(daemon.target), "first-graph", {
      only: ["wit/caller-graph-follows-edits"],
    });
    expect(r.results.map((x) => [x.id, x.status])).toEqual([["wit/caller-graph-follows-edits", "fail"]]);
    expect(r.results[0]!.message).toMatch(/warnings for validateToken when later calls validateToken/);
  });

  it("a daemon that reports the declarer's own lock as a DEP_CHAIN fails wit/dep-chain-own-lock", async () => {
    const r = await runSuite(witSuite, forgetfulDeclarer(daemon.target), "forgetful", {
      only: ["wit/dep-chain-own-lock"],
    });
    expect(r.results.map((x) => [x.id, x.status])).toEqual([["wit/dep-chain-own-lock", "fail"]]);
    expect(String(r.results[0]!.message)).toContain("its own lock on the callee is no DEP_CHAIN");
  });

  for (const [name, broken, id, says] of [
    [
      "retires nothing",
      retiresNothing,
      "wit/contract-retire",
      "retiring the third contract (the older ones are retired already)",
    ],
    [
      "reports only the named contract as retired",
      reportsNamedOnly,
      "wit/contract-retire",
      "it, then the older one it superseded",
    ],
    [
      "refuses no retirement",
      refusesNothing,
      "wit/contract-retire",
      "retiring an unknown contract: expected CONTRACT_NOT_FOUND",
    ],
    [
      "matches a file filter as a substring",
      substringFilter,
      "wit/intent-query-whole-entry",
      "a name spanning both entries",
    ],
    [
      "refuses to abandon an active intent",
      keepsActiveIntents,
      "wit/intent-transitions",
      "active -> abandoned: expected a result",
    ],
    ["stores a file listed twice twice", keepsDuplicates, "wit/intent-files-stored-once", "each once, canonical"],
    [
      "counts characters against the content limit",
      countsCharacters,
      "wit/check-contracts-content-limit",
      "1048577 two-byte characters",
    ],
  ] as const) {
    it(`a daemon that ${name} fails ${id}`, async () => {
      const r = await runSuite(witSuite, broken(daemon.target), name, { only: [id] });
      expect(r.results.map((x) => [x.id, x.status])).toEqual([[id, "fail"]]);
      expect(String(r.results[0]!.message)).toContain(says);
    });
  }
});
