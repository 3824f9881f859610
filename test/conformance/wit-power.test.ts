/**
 * The Wit checks added to kill mutation survivors (conformance/wit/power-conflicts.ts): our daemon
 * (started as `conform wit` starts it: in process, real Unix socket, SQLite) passes them; a daemon
 * broken their way fails them: a proxy that declares every intent under a fresh session, as a
 * daemon that forgets who declares would, so the declarer's own lock reads as another session's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSuite } from "../../conformance/harness/runner.js";
import type { SuiteTarget } from "../../conformance/harness/target.js";
import { powerConflictChecks } from "../../conformance/wit/power-conflicts.js";
import { witSuite } from "../../conformance/wit/suite.js";
import type { WitTarget } from "../../conformance/wit/target.js";
import { witTargets } from "../../conformance/wit/targets.js";

const ids = powerConflictChecks.map((c) => c.id);

function forgetfulDeclarer(base: WitTarget): WitTarget {
  let n = 0;
  return {
    ...base,
    rpc(body) {
      const req = JSON.parse(body) as { method?: string; params?: { sessionId?: string } };
      if (req.method === "intent.declare" && req.params?.sessionId) req.params.sessionId = `${req.params.sessionId}-as-${++n}`;
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

  it("a daemon that reports the declarer's own lock as a DEP_CHAIN fails wit/dep-chain-own-lock", async () => {
    const r = await runSuite(witSuite, forgetfulDeclarer(daemon.target), "forgetful", { only: ["wit/dep-chain-own-lock"] });
    expect(r.results.map((x) => [x.id, x.status])).toEqual([["wit/dep-chain-own-lock", "fail"]]);
    expect(String(r.results[0]!.message)).toContain("its own lock on the callee is no DEP_CHAIN");
  });
});
