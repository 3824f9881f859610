/**
 * Renamed definitions: a removed definition and an added one with the same instances are a rename
 * only when the names are related or the shape is distinctive (decision 167). Two unrelated open
 * objects of two string members (the wright-agent pair's ToolErrorInfo and Refusal) are not.
 */
import { describe, expect, it } from "vitest";
import type { LoadedContract } from "../../src/contracts/index.js";
import { diffContracts } from "../../src/review/run-diff.js";
import { namesRelated, shapeFacts } from "../../src/review/renames.js";

function schemaDoc(defs: Record<string, unknown>, path = "/virtual/schema.json"): LoadedContract {
  const doc = { $schema: "https://json-schema.org/draft/2020-12/schema", $defs: defs };
  return {
    entry: { name: "s", kind: "json-schema", version: "", entry: path },
    doc: { path, root: doc, files: new Map([[path, doc]]), bytes: new Map() },
    problems: [],
  } as unknown as LoadedContract;
}

const codeMessage = (extra: Record<string, unknown> = {}) => ({
  type: "object",
  required: ["code", "message"],
  properties: { code: { type: "string" }, message: { type: "string" } },
  ...extra,
});
const kindsOf = (a: LoadedContract, b: LoadedContract) =>
  diffContracts(a, b, { samples: 50 }).findings.map((c) => `${c.kind} ${c.path}`);

describe("definition renames", () => {
  it("two unrelated small open objects with the same instances are a removal and an addition, not a rename", () => {
    const k = kindsOf(
      schemaDoc({ ToolErrorInfo: codeMessage({ additionalProperties: true }) }),
      schemaDoc({ Refusal: codeMessage({ description: "A structured refusal." }) }),
    );
    expect(k).toContain("definition-removed #/$defs/ToolErrorInfo");
    expect(k).toContain("definition-added #/$defs/Refusal");
    expect(k.some((x) => x.startsWith("definition-renamed"))).toBe(false);
  });

  it("the same shape under a related name is a rename", () => {
    const k = kindsOf(schemaDoc({ ToolErrorInfo: codeMessage() }), schemaDoc({ ToolError: codeMessage() }));
    expect(k).toEqual(["definition-renamed #/$defs/ToolError"]);
  });

  it("a distinctive shape is a rename under an unrelated name", () => {
    const shape = {
      type: "object",
      required: ["kind", "line", "column"],
      properties: {
        kind: { enum: ["error", "warning", "note"] },
        line: { type: "integer" },
        column: { type: "integer" },
        file: { type: "string", pattern: "^[^/]" },
      },
    };
    const k = kindsOf(schemaDoc({ Diagnostic: shape }), schemaDoc({ Difference: structuredClone(shape) }));
    expect(k).toEqual(["definition-renamed #/$defs/Difference"]);
  });

  it("a related name alone is not enough: the shapes must still have the same instances", () => {
    const k = kindsOf(
      schemaDoc({ ToolErrorInfo: codeMessage() }),
      schemaDoc({ ToolError: codeMessage({ required: ["code"] }) }),
    );
    expect(k).toContain("definition-removed #/$defs/ToolErrorInfo");
    expect(k).toContain("definition-added #/$defs/ToolError");
  });

  it("names are related through a shared word or containment; shapes count their facts", () => {
    expect(namesRelated("LockRecord", "ActiveLock")).toBe(true);
    expect(namesRelated("BlockPointer", "Pointer")).toBe(true);
    expect(namesRelated("http_error", "HttpErrorBody")).toBe(true);
    expect(namesRelated("ToolErrorInfo", "Refusal")).toBe(false);
    expect(namesRelated("CheckPayload", "SimulationScenario")).toBe(false);
    expect(shapeFacts({ type: "object", additionalProperties: true })).toBe(0);
    expect(shapeFacts(codeMessage())).toBe(2);
    expect(shapeFacts({ properties: { a: { enum: [1, 2, 3] }, b: { pattern: "x" } } })).toBe(6);
  });
});
