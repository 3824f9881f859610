/**
 * test/mutation/wright-agent-suite.ts's creditSharedSessions (round 8): code that runs while the
 * target opens a shared session (or first asks capabilities) is recorded under a pseudo check and
 * then credited to EVERY check that used the shared sessions, not to the first one alone. A fake
 * target stands in for WrightAgentTarget; it records coverage the way Stryker's instrumented code
 * does (into perTest[currentTestId], static when no check is current).
 */
import { afterEach, describe, expect, it } from "vitest";
import type { WrightAgentTarget } from "../../conformance/wright-agent/target.js";
import { creditSharedSessions, SHARED_SESSIONS } from "./wright-agent-suite.js";

type Ns = { currentTestId?: string; mutantCoverage: { static: Record<string, number>; perTest: Record<string, Record<string, number>> } };
const g = globalThis as { __stryker__?: Ns };

function cover(id: string): void {
  const ns = g.__stryker__;
  if (!ns) return;
  const c = ns.currentTestId ? (ns.mutantCoverage.perTest[ns.currentTestId] ??= {}) : ns.mutantCoverage.static;
  c[id] = (c[id] ?? 0) + 1;
}

/** Opens each session once (as WrightAgentTarget caches them); opening runs "mutant" <transport>-open. */
function fakeTarget() {
  const opened = new Map<string, Promise<unknown>>();
  const open = (t: string) => () => {
    if (!opened.has(t)) opened.set(t, (async () => { await new Promise((r) => setTimeout(r, 5)); cover(`${t}-open`); })());
    return opened.get(t)!;
  };
  return { stdio: open("stdio"), jsonrpc: open("jsonrpc"), mcp: open("mcp"), capabilities: open("caps") } as unknown as WrightAgentTarget;
}

afterEach(() => {
  delete g.__stryker__;
});

describe("creditSharedSessions", () => {
  it("credits what a shared session's opening covered to every check that used it, then drops the pseudo check", async () => {
    g.__stryker__ = { mutantCoverage: { static: {}, perTest: {} } };
    const target = fakeTarget();
    const shared = creditSharedSessions(target);
    const ns = g.__stryker__;
    ns.currentTestId = "first";
    await target.mcp();
    cover("own-first");
    ns.currentTestId = "second";
    await target.mcp(); // already open: nothing runs
    cover("own-second");
    ns.currentTestId = "third"; // uses no shared session
    cover("own-third");
    ns.currentTestId = undefined;
    await shared.during(async () => cover("close"));
    shared.credit();
    expect(ns.mutantCoverage.perTest[SHARED_SESSIONS]).toBeUndefined();
    expect(ns.mutantCoverage.perTest.first).toEqual({ "own-first": 1, "mcp-open": 1, close: 1 });
    expect(ns.mutantCoverage.perTest.second).toEqual({ "own-second": 1, "mcp-open": 1, close: 1 });
    expect(ns.mutantCoverage.perTest.third).toEqual({ "own-third": 1 });
    expect(ns.mutantCoverage.static).toEqual({});
  });

  it("restores the current check after sessions that open at the same time", async () => {
    g.__stryker__ = { mutantCoverage: { static: {}, perTest: {} } };
    const target = fakeTarget();
    creditSharedSessions(target);
    g.__stryker__.currentTestId = "check";
    await Promise.all([target.stdio(), target.jsonrpc(), target.capabilities()]);
    expect(g.__stryker__.currentTestId).toBe("check");
    expect(g.__stryker__.mutantCoverage.perTest[SHARED_SESSIONS]).toEqual({ "stdio-open": 1, "jsonrpc-open": 1, "caps-open": 1 });
  });

  it("does nothing outside a Stryker run", async () => {
    const target = fakeTarget();
    const shared = creditSharedSessions(target);
    await target.mcp();
    expect(() => shared.credit()).not.toThrow();
  });
});
