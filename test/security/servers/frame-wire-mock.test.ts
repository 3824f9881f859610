/**
 * The frame-wire mock (`contract-suite serve frame-wire`, a real process on a real port) against
 * clients that misbehave at the HTTP level. Every response on the operation is one the OpenAPI
 * document declares, with the declared `{error, message}` body, and each refusal is one response.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import YAML from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exchange, halfOpen, responses } from "./raw-http.js";

const ROOT = join(import.meta.dirname, "../../..");
const BIN = join(ROOT, "bin/contract-suite.mjs");
const document = YAML.parse(readFileSync(join(ROOT, "contracts/frame-wire/openapi.yaml"), "utf8"));
const declared = document.paths["/v1/turns/stream"].post.responses as Record<string, unknown>;

let child: ChildProcess;
let address: { port: number };
beforeAll(async () => {
  child = spawn(process.execPath, [BIN, "serve", "frame-wire", "--port", "0", "--token", "t0k"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const first = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once("line", resolve));
  address = { port: Number(new URL(first).port) };
});
afterAll(() => {
  child?.kill("SIGTERM");
});

const body = JSON.stringify({ messages: [{ role: "user", content: "hi" }] });
const head = (headers: string) =>
  `POST /v1/turns/stream HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n${headers}`;

/** One response, declared for the operation, with the `{error, message}` body. */
function expectOneDeclaredError(text: string, status: number, error: string): void {
  const all = responses(text);
  expect(all.map((r) => r.status)).toEqual([status]);
  expect(declared[String(status)], `status ${status} is declared`).toBeDefined();
  expect(all[0]!.head).toMatch(/\r\ncontent-type: application\/json/i);
  const parsed = JSON.parse(all[0]!.body);
  expect(Object.keys(parsed).sort()).toEqual(["error", "message"]);
  expect(parsed.error).toBe(error);
}

describe("a hostile HTTP client of the frame-wire mock", { timeout: 60_000 }, () => {
  it("the OpenAPI document names the mock as its server", () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: "http://127.0.0.1:8787" })]);
  });

  it("two Authorization headers are refused with 400, even when one of them is right", async () => {
    for (const [a, b] of [
      ["Bearer t0k", "Bearer wrong"],
      ["Bearer wrong", "Bearer t0k"],
      ["Bearer t0k", "Bearer t0k"],
    ]) {
      const r = await exchange(address, [
        head(`authorization: ${a}\r\nauthorization: ${b}\r\ncontent-length: ${body.length}\r\n\r\n${body}`),
      ]);
      expectOneDeclaredError(r.text, 400, "bad_request");
      expect(responses(r.text)[0]!.body).toMatch(/more than one Authorization header/);
    }
  });

  it("headers over the limit are 431, declared, with a body", async () => {
    const r = await exchange(address, [head(`x-big: ${"a".repeat(32 * 1024)}\r\n\r\n`)]);
    expectOneDeclaredError(r.text, 431, "headers_too_large");
  });

  it("a body over the limit is 413, declared, with a body", async () => {
    const big = "x".repeat(1024 * 1024 + 1);
    const r = await exchange(address, [
      head(`authorization: Bearer t0k\r\ncontent-length: ${big.length}\r\n\r\n`),
      big,
    ]);
    expectOneDeclaredError(r.text, 413, "too_large");
  });

  it("a bad chunk gets exactly one response, declared, with a body (first chunk or after a good one)", async () => {
    for (const chunks of ["zz\r\n{}\r\n0\r\n\r\n", `${(20).toString(16)}\r\n${'{"messages":[       '}\r\nzz\r\n`]) {
      const r = await exchange(address, [
        head("authorization: Bearer t0k\r\ntransfer-encoding: chunked\r\n\r\n"),
        chunks,
      ]);
      expectOneDeclaredError(r.text, 400, "bad_request");
    }
  });

  it("a request without Host is 400 with a body", async () => {
    const r = await exchange(address, [
      `POST /v1/turns/stream HTTP/1.1\r\nauthorization: Bearer t0k\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
    ]);
    expectOneDeclaredError(r.text, 400, "bad_request");
  });

  it("1,100 half-open connections do not lock another client out", async () => {
    const flood = await halfOpen(address, 1_100);
    try {
      const res = await fetch(`http://127.0.0.1:${address.port}/v1/turns/stream?seed=3`, {
        method: "POST",
        headers: { authorization: "Bearer t0k", "content-type": "application/json" },
        body,
        signal: AbortSignal.timeout(5_000),
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/"type":"done"/);
    } finally {
      for (const s of flood) s.destroy();
    }
  });
});
