import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, expectTypeOf, it } from "vitest";
import { OPERATIONS } from "../../src/wright-agent/contract.js";
import type { RequestOf, ResultOf, ToolHandlers } from "../../src/wright-agent/handlers.js";
import { createMockHandlers } from "../../src/wright-agent/mock/index.js";
import type * as T from "../../src/wright-agent/types/contract-types.js";
import { staleTypeFiles } from "../../src/wright-agent/types/generate.js";

describe("interim generated types and the handler interface", () => {
  it("contract-types.ts and fixture-types.ts match a fresh generation", async () => {
    expect(await staleTypeFiles()).toEqual([]);
  }, 60_000);

  it("ToolHandlers has one method per operation: name = op, param = <Op>Request, return = Promise<<Op>Result>", () => {
    const source = readFileSync(fileURLToPath(new URL("../../src/wright-agent/handlers.ts", import.meta.url)), "utf8");
    const body = /export interface ToolHandlers \{([\s\S]*?)\n\}/.exec(source)![1]!;
    const methods = [...body.matchAll(/^\s+(\w+)\(request: T\.(\w+)\): Promise<T\.(\w+)>;$/gm)].map((m) => ({ op: m[1], request: m[2], result: m[3] }));
    expect(methods).toEqual(OPERATIONS.map((o) => ({ op: o.op, request: o.request, result: o.result })));
    // The mock implements every method.
    const handlers = createMockHandlers({} as never);
    expect(Object.keys(handlers).sort()).toEqual(OPERATIONS.map((o) => o.op).sort());
  });

  it("type-level: request/result helpers resolve to the generated types", () => {
    expectTypeOf<RequestOf<"findings">>().toEqualTypeOf<T.FindingsRequest>();
    expectTypeOf<ResultOf<"costEstimate">>().toEqualTypeOf<T.CostEstimateResult>();
    expectTypeOf<ToolHandlers["capabilities"]>().returns.resolves.toEqualTypeOf<T.CapabilitiesResult>();
  });
});
