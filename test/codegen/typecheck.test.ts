import { describe, expect, it } from "vitest";
import { typecheck } from "../helpers/tsc.js";

describe("generated Wit client under tsc --strict", () => {
  it("a consumer calling lock.acquire with typed params compiles", () => {
    expect(typecheck(["test/fixtures/tsc/tsc-wit-client-ok.ts"])).toEqual([]);
  });
  it("wrong param types do not compile", () => {
    const errors = typecheck(["test/fixtures/tsc/tsc-wit-client-bad.ts"]);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join("\n")).toMatch(/tsc-wit-client-bad\.ts:5 .*number.*string/s);
  });
  it("unknown and missing params on the generic call do not compile", () => {
    const errors = typecheck(["test/fixtures/tsc/tsc-wit-client-bad-call.ts"]);
    expect(errors.some((e) => e.includes(":5 ") && e.includes("ttl"))).toBe(true);
    expect(errors.some((e) => e.includes(":6 ") && e.includes("sessionId"))).toBe(true);
  });
});
