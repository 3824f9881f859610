/** Wit scenarios: path safety and hostile inputs (docs/wit.md). */
import { randomUUID } from "node:crypto";
import { symlinkSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { WIT_ENVELOPE } from "../../src/wit/protocol.js";
import { expect, fail, property, type Check } from "../harness/check.js";
import { checkEnvelope } from "../openrpc/checks.js";
import { call, err, inNamespace, rawAnswer } from "./calls.js";
import type { WitTarget } from "./target.js";

export const witSafetyScenarios: Check<WitTarget>[] = [
  {
    id: "wit/path-safety",
    title: "Paths outside the root are refused before anything is read",
    doc: "Absolute paths, '..' escapes and symlinks leading out of the root are refused with -32600 INVALID_REQUEST by lock.acquire, contract.propose and intent.declare (files).",
    async run(target) {
      await inNamespace(target, "paths", async (ns) => {
        const A = ns.session("a");
        symlinkSync("/", path.join(target.root, ns.dir, "escape"));
        const bad = ["/etc/passwd", "../../etc/passwd", `${ns.dir}/../../../etc/passwd`, `${ns.dir}/escape/etc/passwd`];
        for (const file of bad) {
          err(
            await call(target, "lock.acquire", { symbolPath: `${file}:x`, sessionId: A }),
            "INVALID_REQUEST",
            `lock.acquire ${file}:x`,
          );
          err(
            await call(target, "contract.propose", { symbolPath: `${file}:x`, sessionId: A }),
            "INVALID_REQUEST",
            `contract.propose ${file}:x`,
          );
          err(
            await call(target, "intent.declare", { sessionId: A, description: "x", files: [file] }),
            "INVALID_REQUEST",
            `intent.declare ${file}`,
          );
        }
      });
    },
  },
  {
    id: "wit/hostile-inputs",
    title: "Hostile input gets structured errors and the daemon keeps serving",
    doc: "Random text, random JSON, requests with random params for every method, deep nesting, __proto__/constructor members and huge strings each get a JSON-RPC answer with the envelope; afterwards ping still answers pong.",
    async run(target, ctx) {
      const methods = [
        "ping",
        "register",
        "lock.acquire",
        "lock.release",
        "lock.query",
        "intent.declare",
        "intent.update",
        "intent.query",
        "contract.propose",
        "contract.respond",
        "contract.query",
        "check-contracts",
        "__proto__",
        "constructor",
      ];
      const request = fc
        .record({ method: fc.constantFrom(...methods), params: fc.jsonValue({ maxDepth: 3 }) })
        .map((r) => JSON.stringify({ jsonrpc: "2.0", ...WIT_ENVELOPE, id: randomUUID(), ...r }));
      const body = fc.oneof(
        fc.string({ maxLength: 60 }),
        fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
        request,
        request,
      );
      const fixed = [
        "[".repeat(100_000),
        `{"jsonrpc":"2.0","witVersion":"1","id":1,"method":"lock.acquire","params":${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}}`,
        '{"jsonrpc":"2.0","witVersion":"1","id":1,"method":"lock.acquire","params":{"__proto__":{"isAdmin":true},"symbolPath":"a.ts:f","sessionId":"x"}}',
        '{"jsonrpc":"2.0","witVersion":"1","id":1,"method":"intent.declare","params":{"sessionId":"x","description":"d","files":["a.ts"],"constructor":{"prototype":{"x":1}}}}',
        '{"jsonrpc":"2.0","witVersion":"1","id":1,"method":"check-contracts","params":{"files":[{"path":"a.ts","content":"x","__proto__":null}]}}',
        JSON.stringify({
          jsonrpc: "2.0",
          ...WIT_ENVELOPE,
          id: randomUUID(),
          method: "register",
          params: { name: "n".repeat(100_000), sessionId: "s" },
        }),
        JSON.stringify({
          jsonrpc: "2.0",
          ...WIT_ENVELOPE,
          id: randomUUID(),
          method: "lock.acquire",
          params: { symbolPath: "a.ts:f", sessionId: "s", ttlMs: 1e300 },
        }),
        JSON.stringify(
          Array.from({ length: 500 }, () => ({ jsonrpc: "2.0", ...WIT_ENVELOPE, id: randomUUID(), method: "ping" })),
        ),
      ];
      const answered = async (b: string) => {
        const reply = await target.rpc(b);
        let a: unknown;
        try {
          a = JSON.parse(reply.body);
        } catch {
          fail(`HTTP ${reply.status}: the answer is not JSON`, {
            body: b.slice(0, 200),
            answer: reply.body.slice(0, 200),
          });
        }
        for (const x of Array.isArray(a) ? a : [a]) checkEnvelope(x, WIT_ENVELOPE, b.slice(0, 200));
      };
      for (const b of fixed) await answered(b);
      await property(ctx, 60, body, answered);
      const pong = await rawAnswer(
        target,
        JSON.stringify({ jsonrpc: "2.0", ...WIT_ENVELOPE, id: randomUUID(), method: "ping" }),
      );
      expect(pong.result === "pong", "the daemon no longer answers ping after hostile input", pong);
    },
  },
];
