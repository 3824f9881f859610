/** Wit scenarios: the envelope, ping and invalid requests, the HTTP transport (docs/wit.md). */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { RPC_PATH, WIT_ENVELOPE } from "../../src/wit/protocol.js";
import { expect, fail, type Check } from "../harness/check.js";
import { checkEnvelope } from "../openrpc/checks.js";
import { rawAnswer, short } from "./calls.js";
import type { WitTarget } from "./target.js";

export const witProtocolScenarios: Check<WitTarget>[] = [
  {
    id: "wit/envelope-required",
    title: 'A request without witVersion "1" is refused',
    doc: 'Every request must carry witVersion "1". A request without it, or with another version, gets -32600 INVALID_REQUEST (with the envelope on the answer), never a result.',
    async run(target) {
      for (const version of [undefined, "2", 1, null]) {
        const req: Record<string, unknown> = { jsonrpc: "2.0", id: randomUUID(), method: "ping", params: {} };
        if (version !== undefined) req.witVersion = version;
        const a = await rawAnswer(target, JSON.stringify(req));
        checkEnvelope(a, WIT_ENVELOPE);
        const e = (a as { error?: { code?: unknown; message?: unknown } }).error;
        expect(
          e?.code === -32600 && e?.message === "INVALID_REQUEST",
          `witVersion ${short(version)} was not refused with -32600 INVALID_REQUEST`,
          a,
        );
      }
    },
  },
  {
    id: "wit/ping-and-invalid-request",
    title: "ping never errors; every -32600 says INVALID_REQUEST",
    doc: 'ping declares no params and no errors: with no params, {}, unknown members, an array or a scalar it answers "pong". Every envelope refusal (not an object, bad jsonrpc, bad id, bad method, empty batch) is -32600 with the one message the contract gives it, INVALID_REQUEST.',
    async run(target) {
      for (const params of [undefined, {}, { extra: 1 }, [1, 2], "x", 7, null]) {
        const req: Record<string, unknown> = { jsonrpc: "2.0", ...WIT_ENVELOPE, id: randomUUID(), method: "ping" };
        if (params !== undefined) req.params = params;
        const a = await rawAnswer(target, JSON.stringify(req));
        expect(a.result === "pong", `ping with params ${short(params)} did not answer "pong"`, a);
      }
      const refusals = [
        "7",
        '"x"',
        "[]",
        JSON.stringify({ jsonrpc: "1.0", ...WIT_ENVELOPE, id: randomUUID(), method: "ping" }),
        JSON.stringify({ jsonrpc: "2.0", ...WIT_ENVELOPE, id: { x: 1 }, method: "ping" }),
        JSON.stringify({ jsonrpc: "2.0", ...WIT_ENVELOPE, id: randomUUID(), method: 5 }),
        "[1]",
      ];
      for (const body of refusals) {
        const parsed = await rawAnswer(target, body);
        for (const a of Array.isArray(parsed) ? parsed : [parsed]) {
          const e = (a as { error?: { code?: unknown; message?: unknown } }).error;
          expect(
            e?.code === -32600 && e?.message === "INVALID_REQUEST",
            `${body.slice(0, 80)}: expected -32600 INVALID_REQUEST, got ${short(e)}`,
            a,
          );
        }
      }
    },
  },
  {
    id: "wit/http-transport",
    title: "HTTP errors carry JSON-RPC error bodies",
    doc: "Wrong path: 404; wrong method: 405 with Allow: POST; wrong content type: 415; a body announced larger than the limit: 413 without the body being read. Each answer is a JSON-RPC error object with witVersion. `application/json; charset=utf-8` is accepted.",
    async run(target) {
      const body = JSON.stringify({ jsonrpc: "2.0", ...WIT_ENVELOPE, id: randomUUID(), method: "ping" });
      const cases = [
        {
          what: "wrong path",
          status: 404,
          req: { method: "POST", path: "/nope", headers: { "content-type": "application/json" }, body },
        },
        { what: "GET /rpc", status: 405, req: { method: "GET", path: RPC_PATH } },
        {
          what: "text/plain",
          status: 415,
          req: { method: "POST", path: RPC_PATH, headers: { "content-type": "text/plain" }, body },
        },
      ];
      for (const c of cases) {
        const r = await target.http(c.req);
        expect(r.status === c.status, `${c.what}: HTTP ${r.status}, expected ${c.status}`, r.body.slice(0, 300));
        let a: unknown;
        try {
          a = JSON.parse(r.body);
        } catch {
          fail(`${c.what}: the ${r.status} answer has no JSON-RPC body`, r.body.slice(0, 300));
        }
        checkEnvelope(a, WIT_ENVELOPE);
        expect("error" in a, `${c.what}: the body is not a JSON-RPC error`, a);
        if (c.status === 405)
          expect(String(r.headers.allow ?? "").includes("POST"), "405 without Allow: POST", r.headers);
      }
      const big = await target.oversized(1 << 30);
      expect(big.status === 413, `a 1 GiB body: HTTP ${big.status}, expected 413`);
      const a = JSON.parse(big.body) as unknown;
      checkEnvelope(a, WIT_ENVELOPE);
      const charset = await target.http({
        method: "POST",
        path: RPC_PATH,
        headers: { "content-type": "application/json; charset=utf-8" },
        body,
      });
      expect(
        charset.status === 200 && JSON.parse(charset.body).result === "pong",
        `application/json; charset=utf-8 was not accepted (HTTP ${charset.status})`,
        charset.body,
      );
    },
  },
];
