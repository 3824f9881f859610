/**
 * stdio framing checks added to kill mutation survivors (docs/conformance-power.md): decision 075
 * says "Blank lines are not requests and get no response", and no check sent one, so a server that
 * answered them (its answers then no longer line up with the requests) passed the suite.
 */
import { expect, SkipCheck, type Check } from "../harness/check.js";
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
        let parsed: unknown;
        try {
          parsed = JSON.parse(reply);
        } catch {
          parsed = undefined;
        }
        expect(parsed !== null && typeof parsed === "object" && "result" in parsed, `the blank line ${JSON.stringify(blank)} before a capabilities request was answered: ${reply.slice(0, 200)}`, { blank, reply });
      }
    },
  },
];
