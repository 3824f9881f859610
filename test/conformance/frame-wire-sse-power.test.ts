/**
 * Our streaming client (src/frame-wire/sse.ts, through streamTurn and a real Response body as in
 * frame-wire-sse.test.ts) against the SSE checks added to kill survivors
 * (conformance/frame-wire/sse-power.ts), each also shown failing on a client broken its way. Part
 * of the killing suite of `npm run mutation -- --only frame-wire` (a file of its own, so an
 * incremental run retests only the mutants these tests reach).
 */
import { describe, expect, it } from "vitest";
import { sseChecks, type SseClientTarget } from "../../conformance/frame-wire/sse.js";
import { cutsInsideSequences, ssePowerChecks } from "../../conformance/frame-wire/sse-power.js";
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

const checks = ssePowerChecks();

describe("conform frame-wire SSE (power checks): our streaming client", () => {
  for (const check of checks) {
    it(check.id, async () => {
      const r = await runCheck(check, ours, defaultContext());
      expect(r.status, describeFailure(r)).toBe("pass");
    }, 120_000);
  }
});

describe("conform frame-wire SSE (power checks): each fails on a client broken its way", () => {
  it("frame-wire/sse/utf-8-split: a client that decodes each chunk on its own", async () => {
    const perChunk: SseClientTarget = async (body) => {
      let text = "";
      const reader = body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value); // a split sequence becomes U+FFFD
      }
      const events = text
        .split("\n\n")
        .filter((p) => p.startsWith("data: "))
        .map((p) => JSON.parse(p.slice(6)));
      return foldEvents(events);
    };
    // Whole messages per chunk: the broken client is right; split sequences: it is not.
    expect((await runCheck(sseChecks()[0]!, perChunk, defaultContext())).status).toBe("pass");
    const r = await runCheck(checks[0]!, perChunk, defaultContext());
    expect(r.status).toBe("fail");
    expect(r.message).toContain("non-ascii-text");
  });

  it("finds the offsets inside multi-byte sequences only", () => {
    expect(cutsInsideSequences(new TextEncoder().encode("aé€😀"))).toEqual([2, 4, 5, 7, 8, 9]);
    expect(cutsInsideSequences(new TextEncoder().encode("ascii"))).toEqual([]);
  });
});
