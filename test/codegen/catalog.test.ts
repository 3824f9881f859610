import { describe, expect, it } from "vitest";
import { wrightAgentCatalog, wrightAgentToolPrefix } from "../../src/generated/wright-agent/catalog.js";
import { checkCatalog, findCatalog } from "../../codegen/catalog.js";
import type { SchemaBundle } from "../../codegen/bundle.js";

describe("generated operation catalog (wright-agent)", () => {
  it("lists all 24 operations with validators, and the MCP table", () => {
    expect(wrightAgentCatalog).toHaveLength(24);
    expect(wrightAgentCatalog.filter((e) => e.mcp).length).toBe(21);
    expect(wrightAgentToolPrefix).toBe("wright_");
    const findings = wrightAgentCatalog.find((e) => e.op === "findings")!;
    expect(findings.validateRequest({ op: "findings", max: 3 })).toBe(true);
    expect(findings.validateRequest({ op: "findings", bogus: 1 })).toBe(false);
    expect(wrightAgentCatalog.find((e) => e.op === "providerValidateEdit")!.mcp!.omit).toEqual(
      expect.arrayContaining(["documents", "sources"]),
    );
    for (const e of wrightAgentCatalog) expect(e.description.length, e.op).toBeGreaterThan(10);
  });

  it("the catalog check catches an annotation that drifted from the union", () => {
    const bundle: SchemaBundle = {
      id: "urn:contract-suite:t",
      origins: {},
      defs: {
        Req: {
          oneOf: [{ $ref: "#/$defs/AReq" }, { $ref: "#/$defs/BReq" }],
          "x-operations": [
            { op: "a", request: "AReq", result: "AResult" },
            { op: "c", request: "CReq", result: "CResult" },
          ],
          "x-mcp": { tools: [{ op: "zz", tool: "t_zz", omit: [] }] },
        },
        AReq: { type: "object", properties: { op: { const: "b" } } },
        BReq: { type: "object", properties: { op: { const: "b" } } },
        AResult: {},
      },
    };
    const problems = checkCatalog(bundle, findCatalog(bundle)!);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining("branch BReq is missing"),
        expect.stringContaining("lists CReq"),
        expect.stringContaining("result CResult"),
        expect.stringContaining('AReq.op is not the constant "a"'),
        expect.stringContaining("unknown operation zz"),
      ]),
    );
  });
});
