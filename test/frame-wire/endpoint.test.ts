/**
 * `conform frame-wire --endpoint`: the endpoint checks pass on our mock (in process and as the
 * `serve frame-wire` process) and on a conforming server that splits frames across writes, and each
 * broken server under test/frame-wire/endpoint-servers/ is caught by the check named for it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import type { Server } from "node:http";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { frameWireEndpointSuite, type EndpointTarget } from "../../conformance/frame-wire/endpoint.js";
import { runSuite, type SuiteReport } from "../../conformance/harness/runner.js";
import { createFrameWireServer } from "../../src/frame-wire/serve.js";
import { listen, PATH, TOKEN, type Running } from "./endpoint-servers/_proxy.js";
import { runCli } from "../helpers/cli.js";
import * as wrongContentType from "./endpoint-servers/wrong-content-type.js";
import * as namedEvents from "./endpoint-servers/named-events.js";
import * as doneSentinel from "./endpoint-servers/done-sentinel.js";
import * as noDone from "./endpoint-servers/no-done.js";
import * as deltaBeforeStart from "./endpoint-servers/delta-before-start.js";
import * as repeatsSeq from "./endpoint-servers/repeats-seq.js";
import * as oneBasedIndices from "./endpoint-servers/one-based-indices.js";
import * as noChallenge from "./endpoint-servers/no-challenge.js";
import * as anyToken from "./endpoint-servers/any-token.js";
import * as ignoresBody from "./endpoint-servers/ignores-body.js";
import * as notFoundMethods from "./endpoint-servers/not-found-methods.js";
import * as dropsUnderBackpressure from "./endpoint-servers/drops-under-backpressure.js";
import * as busyAfterLeave from "./endpoint-servers/busy-after-leave.js";
import * as splitWrites from "./endpoint-servers/split-writes.js";

const ROOT = join(import.meta.dirname, "../..");
const BROKEN: Record<string, { caughtBy: string; start(): Promise<Running> }> = {
  "wrong-content-type": wrongContentType,
  "named-events": namedEvents,
  "done-sentinel": doneSentinel,
  "no-done": noDone,
  "delta-before-start": deltaBeforeStart,
  "repeats-seq": repeatsSeq,
  "one-based-indices": oneBasedIndices,
  "no-challenge": noChallenge,
  "any-token": anyToken,
  "ignores-body": ignoresBody,
  "not-found-methods": notFoundMethods,
  "drops-under-backpressure": dropsUnderBackpressure,
  "busy-after-leave": busyAfterLeave,
};

const statuses = (r: SuiteReport) => Object.fromEntries(r.results.map((x) => [x.id, x.status]));
const failures = (r: SuiteReport) => r.results.filter((x) => x.status === "fail").map((x) => `${x.id}: ${x.message}`);

describe("endpoint checks against the mock (in process)", () => {
  let server: Server;
  let target: EndpointTarget;
  beforeAll(async () => {
    server = createFrameWireServer({ token: TOKEN });
    target = { url: (await listen(server)) + PATH, token: TOKEN };
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it("every check passes; nothing is skipped when a token is given", async () => {
    const report = await runSuite(frameWireEndpointSuite, target, target.url);
    expect(failures(report)).toEqual([]);
    expect(report.results.every((r) => r.status === "pass")).toBe(true);
    expect(report.results.length).toBe(13);
  });

  it("without a token the auth checks skip and the stream checks report the 401 they get", async () => {
    const report = await runSuite(frameWireEndpointSuite, { url: target.url }, target.url, {
      only: ["auth", "content-type"],
    });
    expect(statuses(report)).toEqual({
      "frame-wire/endpoint/content-type": "fail",
      "frame-wire/endpoint/auth-missing": "skip",
      "frame-wire/endpoint/auth-wrong": "skip",
    });
    expect(report.results[0]!.message).toMatch(/HTTP 401.*no --token/);
  });
});

describe("a conforming server that splits every frame across writes", () => {
  it("passes every check", async () => {
    const running = await splitWrites.start();
    try {
      const report = await runSuite(frameWireEndpointSuite, { url: running.url, token: TOKEN }, running.url);
      expect(failures(report)).toEqual([]);
    } finally {
      await running.close();
    }
  });
});

describe("each broken server is caught by its check", () => {
  for (const [name, mod] of Object.entries(BROKEN)) {
    it(name, async () => {
      const running = await mod.start();
      try {
        const check = mod.caughtBy.split("/").pop()!;
        const report = await runSuite(
          frameWireEndpointSuite,
          { url: running.url, token: TOKEN, slowPauseMs: 1000 },
          running.url,
          { only: [`endpoint/${check}`] },
        );
        const result = report.results.find((r) => r.id === mod.caughtBy)!;
        expect(result.status, JSON.stringify(result)).toBe("fail");
        expect(result.message).toBeTruthy();
      } finally {
        await running.close();
      }
    }, 30_000);
  }
});

describe("conform frame-wire --endpoint (CLI against the serve frame-wire process)", () => {
  let child: ChildProcess;
  let url: string;
  beforeAll(async () => {
    child = spawn(
      process.execPath,
      [join(ROOT, "bin/contract-suite.mjs"), "serve", "frame-wire", "--port", "0", "--pace", "0", "--token", "t0k"],
      { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] },
    );
    url = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once("line", resolve));
  }, 30_000);
  afterAll(() => {
    child.kill("SIGTERM");
  });

  it("passes against the mock (exit 0), stops on a wrong token before the checks (exit 2), refuses a bad URL (exit 2)", async () => {
    const ok = await runCli(["conform", "frame-wire", "--endpoint", url, "--token", "t0k", "--format", "json"]);
    expect(ok.code, ok.stdout).toBe(0);
    expect(JSON.parse(ok.stdout).suites[0].results.length).toBe(13);
    const wrong = await runCli([
      "conform",
      "frame-wire",
      "--endpoint",
      url,
      "--token",
      "nope",
      "--only",
      "content-type",
    ]);
    // The target pre-check (conformance/frame-wire/probe.ts) stops a run whose token is refused.
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/refuses the token given with --token \(401\)/);
    const bad = await runCli(["conform", "frame-wire", "--endpoint", "localhost:8787"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--endpoint takes the full http\(s\) URL/);
    expect((await runCli(["conform", "frame-wire", "--endpoint", url, "--target", "x"])).code).toBe(2);
  }, 60_000);
});
