/**
 * The mock's HTTP surface: every response is one the OpenAPI document declares (status, content
 * type, required headers), 401 carries a Bearer challenge, 405 an Allow header, and `--cors` answers
 * a preflight for its one origin only. The CLI's first stdout line is the stream URL.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { createInterface } from "node:readline";
import YAML from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFrameWireServer } from "../../src/frame-wire/serve.js";

const ROOT = join(import.meta.dirname, "../..");
const document = YAML.parse(readFileSync(join(ROOT, "contracts/frame-wire/openapi.yaml"), "utf8"));
const declared = document.paths["/v1/turns/stream"].post.responses as Record<
  string,
  { headers?: Record<string, { required?: boolean }>; content?: Record<string, unknown> }
>;
const ORIGIN = "http://127.0.0.1:9";
const body = JSON.stringify({ messages: [{ role: "user", content: "hi" }] });

/** Fails unless the response is declared: its status, its content type, its required headers. */
async function expectDeclared(res: Response): Promise<string> {
  const spec = declared[String(res.status)];
  expect(spec, `status ${res.status} is not declared`).toBeDefined();
  const text = await res.text();
  const type = res.headers.get("content-type");
  if (spec!.content) expect(Object.keys(spec!.content)).toContain(type);
  else expect(text).toBe("");
  for (const [name, h] of Object.entries(spec!.headers ?? {}))
    if (h.required) expect(res.headers.get(name), `${res.status} without ${name}`).not.toBeNull();
  if (type === "application/json") expect(Object.keys(JSON.parse(text)).sort()).toEqual(["error", "message"]);
  return text;
}

describe("the mock's responses", () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createFrameWireServer({
      token: "secret",
      cors: ORIGIN,
      maxBodyBytes: 1000,
      vectors: new Map([["one", [{ type: "done", finish_reason: "done" }]]]),
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/turns/stream`;
  });
  afterAll(() => server.close());
  const post = (headers: Record<string, string>, payload: string = body, query = "") =>
    fetch(url + query, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: payload });

  it("401 with a Bearer challenge without a token and with a wrong one (invalid_token)", async () => {
    const none = await post({});
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="frame-wire"');
    await expectDeclared(none);
    const wrong = await post({ authorization: "Bearer nope" });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toBe('Bearer realm="frame-wire", error="invalid_token"');
    await expectDeclared(wrong);
  });

  it("400 on malformed JSON, on a body the request schema refuses, on an unknown vector; 413 on an oversized body", async () => {
    const auth = { authorization: "Bearer secret" };
    for (const [payload, query] of [
      ["{", ""],
      ['{"messages":[]}', ""],
      [body, "?vector=nope"],
    ] as const) {
      const res = await post(auth, payload, query);
      expect(res.status).toBe(400);
      await expectDeclared(res);
    }
    const big = await post(auth, JSON.stringify({ messages: [{ role: "user", content: "x".repeat(2000) }] }));
    expect(big.status).toBe(413);
    await expectDeclared(big);
  });

  it("a body the request schema refuses gets a 400 that names the member: missing, unknown, or the one that is wrong", async () => {
    const auth = { authorization: "Bearer secret" };
    for (const [payload, named] of [
      ['{"prompt":"hi"}', /missing member "messages"/],
      ['{"messages":[{"role":"user","content":"hi"}],"model":"x"}', /unknown member "model"/],
      ['{"messages":[]}', /\/messages: must NOT have fewer than 1 items/],
      [
        '{"messages":[{"role":"robot","content":"hi"}]}',
        /\/messages\/0\/role: must be equal to one of the allowed values \(\["system","user","assistant"\]\)/,
      ],
      ['{"messages":[{"role":"user"}]}', /missing member "content" in \/messages\/0/],
    ] as const) {
      const res = await post(auth, payload);
      expect(res.status).toBe(400);
      const { error, message } = JSON.parse(await expectDeclared(res));
      expect(error).toBe("bad_request");
      expect(message, payload).toMatch(/^the body does not match the request schema: /);
      expect(message, payload).toMatch(named);
    }
  });

  it("a 400 names every problem of the body, up to ten, then counts the rest", async () => {
    const auth = { authorization: "Bearer secret" };
    const several = await post(
      auth,
      '{"messages":[{"role":"robot","content":"hi"},{"content":5}],"model":"x","stream":true}',
    );
    expect(several.status).toBe(400);
    const { message } = JSON.parse(await expectDeclared(several));
    const problems = message.replace(/^the body does not match the request schema: /, "").split("; ");
    expect(problems.sort()).toEqual(
      [
        'unknown member "model"',
        'unknown member "stream"',
        '/messages/0/role: must be equal to one of the allowed values (["system","user","assistant"])',
        'missing member "role" in /messages/1',
        "/messages/1/content: must be string",
      ].sort(),
    );
    const many = await post(auth, JSON.stringify({ messages: Array.from({ length: 12 }, () => ({})) }));
    const listed = JSON.parse(await expectDeclared(many)).message.split("; ");
    // 24 problems (role and content missing in each of 12 messages): ten named, the rest counted.
    expect(listed).toHaveLength(11);
    expect(listed.at(-1)).toBe("and 14 more");
  });

  it("405 with Allow: POST on every other method", async () => {
    for (const method of ["GET", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
      const res = await fetch(url, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
      await expectDeclared(res);
    }
  });

  it("200 is a data-only event stream; outside the operation, 404 with the error body", async () => {
    const ok = await post({ authorization: "Bearer secret" }, body, "?vector=one");
    expect(ok.status).toBe(200);
    expect(await expectDeclared(ok)).toBe('data: {"type":"done","finish_reason":"done"}\n\n');
    const other = await fetch(url.replace("/v1/turns/stream", "/nope"));
    expect(other.status).toBe(404);
    expect(other.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(await other.text())).toEqual({
      error: "not_found",
      message: "no such path: the mock serves POST /v1/turns/stream",
    });
  });

  it("--cors: a preflight from the origin is allowed (POST, Authorization), another origin gets no CORS headers", async () => {
    const pre = await fetch(url, {
      method: "OPTIONS",
      headers: {
        origin: ORIGIN,
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization,content-type",
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(pre.headers.get("access-control-allow-methods")).toBe("POST");
    expect(pre.headers.get("access-control-allow-headers")).toMatch(/authorization/);
    const stranger = await fetch(url, {
      method: "OPTIONS",
      headers: { origin: "http://evil.example", "access-control-request-method": "POST" },
    });
    expect(stranger.headers.get("access-control-allow-origin")).toBeNull();
    const real = await post({ authorization: "Bearer secret", origin: ORIGIN }, body, "?vector=one");
    expect(real.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    const denied = await post({ origin: ORIGIN });
    expect(denied.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(denied.headers.get("access-control-expose-headers")).toMatch(/WWW-Authenticate/);
  });
});

describe("serve frame-wire (CLI)", () => {
  it("prints the stream URL alone as its first stdout line; --cors takes an origin", async () => {
    const child = spawn(
      process.execPath,
      [join(ROOT, "bin/contract-suite.mjs"), "serve", "frame-wire", "--port", "0", "--cors", ORIGIN],
      { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
    );
    try {
      const first = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout! }).once("line", resolve);
        child.once("exit", (code) => reject(new Error(`exited ${code}`)));
      });
      expect(first).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/turns\/stream$/);
      const pre = await fetch(first, {
        method: "OPTIONS",
        headers: { origin: ORIGIN, "access-control-request-method": "POST" },
      });
      expect(pre.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    } finally {
      child.kill("SIGTERM");
    }
    const bad = spawn(
      process.execPath,
      [join(ROOT, "bin/contract-suite.mjs"), "serve", "frame-wire", "--port", "0", "--cors", "http://x/path"],
      { cwd: ROOT },
    );
    let stderr = "";
    bad.stderr.on("data", (b) => (stderr += b));
    expect(await new Promise((r) => bad.once("exit", r))).toBe(2);
    expect(stderr).toMatch(/--cors takes an origin/);
  }, 30_000);
});
