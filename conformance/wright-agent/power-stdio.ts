/**
 * stdio framing checks: decision 075
 * says "Blank lines are not requests and get no response", and no check sent one, so a server that
 * answered them (its answers then no longer line up with the requests) passed the suite. Nor did
 * any check send an over-long line, so a server that died on one passed too.
 */
import { expect, SkipCheck, type Check } from "../harness/check.js";
import { OVERLONG_BYTES } from "./util.js";

function parsed(reply: string): unknown {
  try {
    return JSON.parse(reply);
  } catch {
    return undefined;
  }
}
import type { WrightAgentTarget } from "./target.js";

export const powerStdioChecks: Check<WrightAgentTarget>[] = [
  {
    id: "wright-agent/stdio-blank-lines",
    title: "Blank lines on stdio get no response",
    doc: 'Decision 075: "Blank lines are not requests and get no response." An empty line, spaces and a tab, each sent just before a capabilities request: the next line the server writes is that request\'s result, not a refusal of the blank line.',
    async run(target) {
      if (!target.transports.includes("stdio")) throw new SkipCheck("the target is not checked over stdio");
      const stdio = await target.stdio();
      for (const blank of ["", "   ", "\t"]) {
        const reply = await stdio.exchange(`${blank}\n${JSON.stringify({ op: "capabilities" })}`);
        const value = parsed(reply);
        expect(
          value !== null && typeof value === "object" && "result" in value,
          `the blank line ${JSON.stringify(blank)} before a capabilities request was answered: ${reply.slice(0, 200)}`,
          { blank, reply },
        );
      }
    },
  },
  {
    id: "wright-agent/stdio-overlong-line",
    title: "An over-long line on stdio is refused and the session goes on",
    doc: 'A line that is not a request is answered with a malformed-request refusal and the session goes on (the error model; decision 075: "an oversize line is discarded and answered"). A 17 MiB line that is not JSON (more than our 16 MiB cap, and not a request under any cap) gets exactly one malformed-request refusal, and the capabilities request after it is answered.',
    async run(target) {
      if (!target.transports.includes("stdio")) throw new SkipCheck("the target is not checked over stdio");
      const stdio = await target.stdio();
      const reply = await stdio.exchange("x".repeat(OVERLONG_BYTES));
      const refusal = parsed(reply) as { error?: { code?: unknown } } | undefined;
      expect(
        refusal?.error?.code === "malformed-request",
        `a ${OVERLONG_BYTES}-byte line that is not JSON was not refused with malformed-request: ${reply.slice(0, 200)}`,
        { reply: reply.slice(0, 200) },
      );
      const next = await stdio.exchange(JSON.stringify({ op: "capabilities" }));
      const value = parsed(next);
      expect(
        value !== null && typeof value === "object" && "result" in value,
        `the capabilities request after the over-long line was not answered with its result: ${next.slice(0, 200)}`,
        { next: next.slice(0, 200) },
      );
    },
  },
];
