/**
 * `contract-suite conform wit` passes against our daemon (real time through --socket, and its own
 * daemon with the test clock) and fails, naming the check, against deliberately defective daemons
 * (real processes the test owns: defective-daemon.ts wraps defects.ts around the daemon's handlers
 * through its in-process API). Checks no defect reaches are shown failing through targets that
 * tamper with requests or answers. The shipped daemon has no test switch: the variables and the
 * endpoint older versions read are shown to do nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSuite } from "../../conformance/harness/runner.js";
import { REFERENCE_ONLY, witSuite, witSuiteFor } from "../../conformance/wit/suite.js";
import { readFileSync } from "node:fs";
import { startSpecVariant } from "./spec-variant.js";
import { socketTarget, type WitTarget } from "../../conformance/wit/target.js";
import { runCli } from "../helpers/cli.js";
import {
  rawRequest,
  removeTempRoots,
  request,
  rpc,
  spawnDaemon,
  tempRoot,
  type DaemonProcess,
} from "./daemon-helpers.js";
import { spawnDefectiveDaemon } from "./defective-daemon.js";
import type { DefectName } from "./defects.js";

interface Report {
  ok: boolean;
  suites: { target: string; results: { id: string; status: string; message?: string }[] }[];
}
const failed = (r: Report) => r.suites.flatMap((s) => s.results.filter((c) => c.status === "fail").map((c) => c.id));

let daemon: DaemonProcess;
beforeAll(async () => {
  // The names older versions read: the shipped daemon must ignore them.
  daemon = await spawnDaemon(tempRoot("wit-conform-"), {
    WIT_CLOCK: "manual",
    WIT_TEST_DEFECTS: "release-any,self-accept",
  });
});
afterAll(async () => {
  await daemon?.stop();
  removeTempRoots();
});

describe("the shipped daemon has no test switch", () => {
  it("ignores WIT_CLOCK and WIT_TEST_DEFECTS and serves no clock endpoint", async () => {
    const clock = await rawRequest(daemon.socket, {
      path: "/_test/clock",
      headers: { "content-type": "application/json" },
      body: '{"advanceMs":3600000000}',
    });
    expect(clock.status).toBe(404);
    await rpc(daemon.socket, request("lock.acquire", { symbolPath: "switch.ts:f", sessionId: "owner" }));
    const stolen = await rpc(daemon.socket, request("lock.release", { symbolPath: "switch.ts:f", sessionId: "thief" }));
    expect(stolen.error).toMatchObject({ code: -32000, message: "LOCK_NOT_HELD", data: { heldBy: "owner" } });
    const held = await rpc(daemon.socket, request("lock.query", { sessionId: "owner" }));
    expect(held.result.map((l: { symbolPath: string }) => l.symbolPath)).toEqual(["switch.ts:f"]);
    expect(
      (await rpc(daemon.socket, request("lock.release", { symbolPath: "switch.ts:f", sessionId: "owner" }))).result,
    ).toEqual({ released: true });
  });
});

describe("our daemon conforms", () => {
  it("conform wit --socket (real time) passes every check of both profiles, in json and junit; protocol is the default", async () => {
    const r = await runCli(["conform", "wit", "--socket", daemon.socket, "--format", "json"]);
    const report = JSON.parse(r.stdout) as Report;
    expect(failed(report), r.stdout).toEqual([]);
    expect(r.code).toBe(0);
    expect(report.suites[0]!.target).toContain("(real time, protocol profile)");
    expect(report.suites[0]!.results.map((c) => c.id)).toEqual(witSuiteFor("protocol").checks.map((c) => c.id));
    const ref = await runCli([
      "conform",
      "wit",
      "--socket",
      daemon.socket,
      "--profile",
      "reference",
      "--format",
      "json",
    ]);
    const refReport = JSON.parse(ref.stdout) as Report;
    expect(failed(refReport), ref.stdout).toEqual([]);
    expect(refReport.suites[0]!.results.length).toBe(witSuite.checks.length);
    expect((await runCli(["conform", "wit", "--profile", "strict"])).code).toBe(2);
    const junit = await runCli([
      "conform",
      "wit",
      "--socket",
      daemon.socket,
      "--format",
      "junit",
      "--only",
      "wit/lock-semantics",
    ]);
    expect(junit.stdout).toContain('<testcase classname="wit" name="wit/lock-semantics"');
  }, 300_000);

  it("conform wit without --socket starts its own daemon with the test clock and passes", async () => {
    const r = await runCli(["conform", "wit", "--format", "json"]);
    const report = JSON.parse(r.stdout) as Report;
    expect(failed(report), r.stdout).toEqual([]);
    expect(r.code).toBe(0);
    expect(report.suites[0]!.target).toContain("test clock");
  }, 180_000);
});

/** Each defect, and the checks that must name it. */
const DEFECT_CHECKS: [DefectName, string[], boolean][] = [
  ["same-session-conflict", ["wit/lock-semantics"], true],
  ["query-lists-expired", ["wit/lock-query-active-only", "wit/model"], true],
  ["intent-query-all-statuses", ["wit/intent-query"], true],
  ["self-accept", ["wit/contract-semantics", "wit/model"], true],
  ["enforce-proposed", ["wit/check-contracts", "wit/model"], true],
  ["warn-callees", ["wit/caller-warnings", "wit/model"], true],
  ["release-any", ["wit/lock-semantics", "wit/model"], false],
  ["terminal-reopen", ["wit/intent-lifecycle"], false],
  ["strict-symbol-paths", ["wit/openrpc/valid-params-accepted"], true],
];

describe("defective daemons fail, naming the check", () => {
  const selected = DEFECT_CHECKS.filter(([, , ci]) => ci || process.env.CONTRACT_SUITE_FULL);
  it(`${selected.length} defective daemons (real processes)`, async () => {
    const outcomes: Record<string, string[]> = {};
    const queue = [...selected];
    const runOne = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [defect] = next;
        const d = await spawnDefectiveDaemon(tempRoot(`wit-defect-${defect}-`), [defect]);
        try {
          // Our daemon with a defect: every check applies (reference profile).
          const r = await runCli([
            "conform",
            "wit",
            "--socket",
            d.socket,
            "--profile",
            "reference",
            "--format",
            "json",
          ]);
          expect(r.code, `${defect}: conform should exit 1`).toBe(1);
          outcomes[defect] = failed(JSON.parse(r.stdout) as Report);
        } finally {
          await d.stop();
        }
      }
    };
    await Promise.all([runOne(), runOne(), runOne()]);
    for (const [defect, checks] of selected) {
      for (const id of checks) expect(outcomes[defect], `${defect} should fail ${id}`).toContain(id);
    }
    console.log(
      Object.entries(outcomes)
        .map(([d, ids]) => `${d}: ${ids.join(", ")}`)
        .join("\n"),
    );
  }, 600_000);
});

/** A target whose requests or answers are altered, to show a check can fail. */
function tamper(
  base: WitTarget,
  edit: {
    request?: (body: string) => string;
    answer?: (body: string, request: string) => string;
    status?: (s: number) => number;
  },
): WitTarget {
  return {
    ...base,
    async rpc(body) {
      const sent = edit.request ? edit.request(body) : body;
      const reply = await base.rpc(sent);
      return { ...reply, body: edit.answer ? edit.answer(reply.body, body) : reply.body };
    },
    async http(req) {
      const reply = await base.http(req);
      return { ...reply, status: edit.status ? edit.status(reply.status) : reply.status };
    },
  };
}

const mapAnswers = (body: string, f: (a: Record<string, any>) => Record<string, any>) => {
  try {
    const parsed = JSON.parse(body);
    return JSON.stringify(Array.isArray(parsed) ? parsed.map(f) : f(parsed));
  } catch {
    return body;
  }
};

describe("every other check can fail", () => {
  let target: WitTarget;
  beforeAll(async () => {
    target = await socketTarget(daemon.socket);
  });

  const cases: [string, Parameters<typeof tamper>[1]][] = [
    [
      "wit/openrpc/results-validate",
      {
        answer: (b, req) =>
          req.includes('"lock.query"') ? mapAnswers(b, (a) => ("result" in a ? { ...a, result: [{ bad: 1 }] } : a)) : b,
      },
    ],
    [
      "wit/openrpc/invalid-params",
      {
        answer: (b) =>
          mapAnswers(b, (a) => (a.error?.code === -32600 ? { ...a, error: { ...a.error, code: -32602 } } : a)),
      },
    ],
    [
      "wit/openrpc/unknown-method",
      {
        answer: (b) =>
          mapAnswers(b, (a) => (a.error?.code === -32601 ? { ...a, error: { ...a.error, code: -32600 } } : a)),
      },
    ],
    [
      "wit/openrpc/parse-error",
      { answer: (b) => mapAnswers(b, (a) => (a.error?.code === -32700 ? { ...a, id: 0 } : a)) },
    ],
    [
      "wit/openrpc/envelope",
      { answer: (b, req) => (req.startsWith("[") ? mapAnswers(b, ({ witVersion: _w, ...a }) => a) : b) },
    ],
    ["wit/ping-and-invalid-request", { answer: (b) => b.replaceAll('"INVALID_REQUEST"', '"Invalid Request"') }],
    [
      "wit/envelope-required",
      { request: (b) => (b.includes('"witVersion"') ? b : b.replace("{", '{"witVersion":"1",')) },
    ],
    ["wit/http-transport", { status: (s) => (s === 404 ? 200 : s) }],
    [
      "wit/intent-conflicts",
      {
        answer: (b) =>
          mapAnswers(b, (a) =>
            a.result?.conflicts ? { ...a, result: { ...a.result, conflicts: { hasConflicts: false, items: [] } } } : a,
          ),
      },
    ],
    ["wit/path-safety", { request: (b) => b.replace('"/etc/passwd:x"', '"ok.ts:x"') }],
    ["wit/hostile-inputs", { answer: (b, req) => (req.startsWith("[[[[") ? "oops" : b) }],
  ];
  for (const [id, edit] of cases) {
    it(`${id} fails against a tampered target and passes against the real one`, async () => {
      const bad = await runSuite(witSuite, tamper(target, edit), "tampered", { only: [id] });
      expect(bad.results.map((r) => [r.id, r.status])).toEqual([[id, "fail"]]);
      const good = await runSuite(witSuite, target, "real", { only: [id] });
      expect(good.results.map((r) => [r.id, r.status, r.message])).toEqual([[id, "pass", undefined]]);
    });
  }
});

describe("rpc.discover", () => {
  it("the daemon answers rpc.discover with the contract document, params or not", async () => {
    const contract = JSON.parse(readFileSync(new URL("../../contracts/wit/openrpc.json", import.meta.url), "utf8"));
    for (const params of [undefined, {}, []]) {
      const a = await rpc(daemon.socket, request("rpc.discover", params));
      expect(a).toMatchObject({ jsonrpc: "2.0", witVersion: "1", id: 1 });
      expect(a.result).toEqual(contract);
    }
    // OpenRPC's discovery, not a Wit method: a generic client (no witVersion, or another one) is
    // answered, the answer still carrying the envelope (decision 267). The protocol's methods are not.
    const { witVersion: _v, ...bare } = request("rpc.discover") as Record<string, unknown>;
    for (const asked of [bare, { ...bare, witVersion: "2" }]) {
      const a = await rpc(daemon.socket, asked);
      expect(a).toMatchObject({ jsonrpc: "2.0", witVersion: "1", id: 1 });
      expect(a.result).toEqual(contract);
    }
    const { witVersion: _p, ...barePing } = request("ping") as Record<string, unknown>;
    expect((await rpc(daemon.socket, barePing)).error).toMatchObject({ code: -32600, message: "INVALID_REQUEST" });
  });
});

describe("profiles", () => {
  it("a daemon that follows the spec but not our own choices passes --profile protocol and fails reference, on exactly the reference checks", async () => {
    const variant = await startSpecVariant(daemon.socket);
    try {
      const protocol = await runCli(["conform", "wit", "--socket", variant.socket, "--format", "json"]);
      expect(failed(JSON.parse(protocol.stdout) as Report), protocol.stdout).toEqual([]);
      expect(protocol.code).toBe(0);
      const reference = await runCli([
        "conform",
        "wit",
        "--socket",
        variant.socket,
        "--profile",
        "reference",
        "--format",
        "json",
      ]);
      expect(reference.code).toBe(1);
      const ids = failed(JSON.parse(reference.stdout) as Report);
      expect(ids).toEqual(expect.arrayContaining([...REFERENCE_ONLY, "wit/openrpc/discover"]));
      // Besides the reference-only checks, only the ones with a reference part (discovery, TTL 0 in the model).
      expect(ids.filter((id) => !REFERENCE_ONLY.has(id)).sort()).toEqual(
        ["wit/model", "wit/openrpc/discover"].filter((id) => ids.includes(id)).sort(),
      );
    } finally {
      await variant.close();
    }
  }, 300_000);
});

describe("cleanup", () => {
  it("a run against --socket leaves no live lock, intent or accepted contract and no folder, and says what stays", async () => {
    const root = tempRoot("wit-clean-");
    const d = await spawnDaemon(root);
    try {
      const r = await runCli(["conform", "wit", "--socket", d.socket, "--profile", "reference", "--format", "json"]);
      expect(r.code, r.stdout).toBe(0);
      const notes = (JSON.parse(r.stdout) as Report & { suites: { notes?: string[] }[] }).suites[0]!.notes ?? [];
      expect(notes.join("\n")).toMatch(
        /^cleaned up: released \d+ locks? .*withdrew \d+ intents?, rejected \d+ proposed contracts?, retired [1-9]\d* accepted contracts?/,
      );
      expect(notes.join("\n")).toMatch(/registrations? \(the protocol has no way to remove one\)/);
      expect((await rpc(d.socket, request("lock.query", {}))).result).toEqual([]);
      expect((await rpc(d.socket, request("intent.query", {}))).result).toEqual([]);
      expect((await rpc(d.socket, request("contract.query", { status: "accepted" }))).result).toEqual([]);
      expect((await rpc(d.socket, request("contract.query", { status: "proposed" }))).result).toEqual([]);
      const { readdirSync } = await import("node:fs");
      expect(readdirSync(root).filter((f) => f !== ".wit")).toEqual([]);
      // The text report says it too.
      const text = await runCli(["conform", "wit", "--socket", d.socket, "--only", "wit/contract-semantics"]);
      expect(text.stdout).toMatch(/note: cleaned up: .*retired 1 accepted contract/);
    } finally {
      await d.stop();
    }
  }, 240_000);
});
