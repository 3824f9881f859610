/**
 * The checks added by mutation testing (conformance/frame-wire/in-process.ts), each shown failing
 * against a fold broken its way. (They pass against our fold in frame-wire-suite.test.ts, where
 * they are part of the suite.)
 */
import { describe, expect, it } from "vitest";
import { inProcessChecks } from "../../conformance/frame-wire/in-process.js";
import type { FoldTarget } from "../../conformance/frame-wire/vectors.js";
import { defaultContext } from "../../conformance/harness/check.js";
import { runCheck } from "../../conformance/harness/runner.js";
import { foldEvents } from "../../src/frame-wire/fold.js";

const checks = inProcessChecks<{ fold?: FoldTarget }>();
const status = async (id: string, fold: FoldTarget) =>
  (await runCheck(checks.find((c) => c.id === id)!, { fold }, defaultContext())).status;

const hasNullProto = (v: unknown): boolean =>
  v !== null &&
  typeof v === "object" &&
  (Object.getPrototypeOf(v) === null || Object.values(v as object).some(hasNullProto));

describe("in-process frame-wire checks fail on folds broken their way", () => {
  it("non-json-refused: a fold that trusts its input (adopts values without checking them)", async () => {
    expect(await status("frame-wire/property/non-json-refused", (events) => foldEvents(events))).toBe("pass");
    expect(
      await status("frame-wire/property/non-json-refused", (events) => foldEvents(events, { adoptEvents: true })),
    ).toBe("fail");
  });

  it("null-prototype-json-accepted: a fold that refuses objects without Object.prototype", async () => {
    const picky: FoldTarget = (events) => (hasNullProto(events) ? foldEvents([null]) : foldEvents(events));
    expect(await status("frame-wire/property/null-prototype-json-accepted", (events) => foldEvents(events))).toBe(
      "pass",
    );
    expect(await status("frame-wire/property/null-prototype-json-accepted", picky)).toBe("fail");
  });
});
