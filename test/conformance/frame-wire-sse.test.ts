/**
 * Our streaming client (src/frame-wire/sse.ts: streamTurn through the generated OpenAPI client,
 * foldSseBody) against the SSE checks (conformance/frame-wire/sse.ts). The body arrives through
 * the client's `fetch` hook as a real Response over a ReadableStream of the check's chunks, so the
 * whole client path runs (request, body streaming, SSE parsing, fold). Each check is also shown
 * failing against a client broken its way. Part of the killing suite of
 * `npm run mutation -- --only frame-wire`.
 */
import { describe, expect, it } from "vitest";
import { sseChecks, type SseClientTarget } from "../../conformance/frame-wire/sse.js";
import { defaultContext } from "../../conformance/harness/check.js";
import { describeFailure, runCheck } from "../../conformance/harness/runner.js";
import { foldEvents } from "../../src/frame-wire/fold.js";
import { streamTurn } from "../../src/frame-wire/sse.js";

const ours: SseClientTarget = (body) =>
  streamTurn(
    {
      baseUrl: "http://frame-wire.invalid",
      fetch: async () => new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } }),
    },
    { headers: { Authorization: "Bearer t" }, body: { messages: [{ role: "user", content: "hi" }] } },
  );

/** A client that splits on "\n\n" per chunk and parses each piece: breaks on any other framing. */
const naive: SseClientTarget = async (body) => {
  const events: unknown[] = [];
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (const part of value.split("\n\n")) if (part.startsWith("data: ")) events.push(JSON.parse(part.slice(6)));
  }
  return foldEvents(events);
};

const checks = sseChecks();

describe("conform frame-wire SSE: our streaming client, check by check", () => {
  for (const check of checks) {
    it(check.id, async () => {
      const r = await runCheck(check, ours, defaultContext());
      expect(r.status, describeFailure(r)).toBe("pass");
    }, 120_000);
  }
});

describe("conform frame-wire SSE: each check fails on a client broken its way", () => {
  it("frame-wire/sse/vectors: a client that drops the last message", async () => {
    const dropsLast: SseClientTarget = async (body) => {
      const text = await new Response(body).text();
      const events = text
        .split("\n\n")
        .filter((p) => p.startsWith("data: "))
        .map((p) => JSON.parse(p.slice(6)));
      return foldEvents(events.slice(0, -1));
    };
    expect((await runCheck(checks[0]!, dropsLast, defaultContext())).status).toBe("fail");
  });

  it("frame-wire/sse/framing: a client that assumes one message per chunk and LF line ends", async () => {
    expect((await runCheck(checks[0]!, naive, defaultContext())).status).toBe("pass");
    expect((await runCheck(checks[1]!, naive, defaultContext())).status).toBe("fail");
  });

  it("frame-wire/sse/unterminated-message-dropped: a client that dispatches what is left at the end", async () => {
    const eager: SseClientTarget = async (body) => {
      const text = await new Response(body).text();
      const events = text
        .split(/\r\n|\r|\n/)
        .filter((l) => l.startsWith("data:"))
        .map((l) => JSON.parse(l.slice(5)));
      return foldEvents(events);
    };
    expect((await runCheck(checks[0]!, eager, defaultContext())).status).toBe("pass");
    expect((await runCheck(checks[2]!, eager, defaultContext())).status).toBe("fail");
  });

  it("frame-wire/sse/outcome-at-abort: a client that reads until the server ends the stream", async () => {
    const r = await runCheck(checks[3]!, naive, defaultContext());
    expect(r.status).toBe("fail");
    expect(r.message).toContain("did not resolve");
  });
});
