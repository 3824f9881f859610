import { describe, expect, expectTypeOf, it } from "vitest";
import { wrightAgentCatalog } from "../../src/generated/wright-agent/catalog.js";
import type { ToolHandlers as GeneratedToolHandlers } from "../../src/generated/wright-agent/handlers.js";
import type * as T from "../../src/generated/wright-agent/types.js";
import { MCP_TOOLS, OPERATIONS } from "../../src/wright-agent/contract.js";
import type { RequestOf, ResultOf, ToolHandlers } from "../../src/wright-agent/handlers.js";
import { createMockHandlers } from "../../src/wright-agent/mock/index.js";

describe("the generated handler interface and catalog are the only ones", () => {
  it("the mock implements the generated ToolHandlers, one method per catalog operation", () => {
    const handlers = createMockHandlers({} as never);
    expectTypeOf(handlers).toEqualTypeOf<GeneratedToolHandlers>();
    expect(Object.keys(handlers).sort()).toEqual(wrightAgentCatalog.map((o) => o.op).sort());
  });

  it("contract.ts re-exports the generated catalog instead of re-reading x-operations / x-mcp", () => {
    expect(OPERATIONS).toBe(wrightAgentCatalog);
    expect(MCP_TOOLS.map((t) => t.tool)).toEqual(wrightAgentCatalog.flatMap((o) => (o.mcp ? [o.mcp.tool] : [])));
  });

  it("type-level: request/result helpers resolve to the generated types", () => {
    expectTypeOf<ToolHandlers>().toEqualTypeOf<GeneratedToolHandlers>();
    expectTypeOf<RequestOf<"findings">>().toEqualTypeOf<T.FindingsRequest>();
    expectTypeOf<ResultOf<"costEstimate">>().toEqualTypeOf<T.CostEstimateResult>();
    expectTypeOf<ToolHandlers["capabilities"]>().returns.resolves.toEqualTypeOf<T.CapabilitiesResult>();
  });
});
