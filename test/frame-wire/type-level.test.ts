import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { findContract, loadRegistry } from "../../src/contracts/index.js";
import { THIRTEEN_VALUES } from "../../conformance/json-value/suite.js";
import { vectorSamples } from "../../conformance/frame-wire/vectors.js";
import {
  validateFrameEvent,
  validateFieldSetDelta,
  validateElementAppendDelta,
  validateToolCall,
} from "../../src/generated/frame-wire/validators.js";
import { typecheckSamples, type TypedSample } from "../helpers/type-level.js";

const registry = loadRegistry();
const frameWire = findContract(registry, "frame-wire");
const v120 = frameWire.history!.find((h) => h.version === "1.2.0")!.entry;

/** The thirteen values, plus arbitrary JSON, at all three value sites. */
function valueSiteSamples(): TypedSample[] {
  const values = [...THIRTEEN_VALUES, ...fc.sample(fc.jsonValue({ maxDepth: 3 }), { seed: 7, numRuns: 40 })];
  const out: TypedSample[] = [];
  values.forEach((value, i) => {
    const tag = `${JSON.stringify(value).slice(0, 40)}`;
    out.push({
      type: "FieldSetDelta",
      value: { op: "field_set", path: "/x", value },
      label: `FieldSetDelta.value=${tag}`,
    });
    out.push({
      type: "ElementAppendDelta",
      value: { op: "element_append", path: "/xs", value },
      label: `ElementAppendDelta.value=${tag}`,
    });
    out.push({
      type: "ToolCall",
      value: { id: `c${i}`, name: "t", arguments: {}, result: value },
      label: `ToolCall.result=${tag}`,
    });
  });
  return out;
}

describe("type-level conformance of the generated frame-wire types (real tsc)", () => {
  it("the samples are schema-valid", () => {
    for (const s of valueSiteSamples()) {
      const v = {
        FieldSetDelta: validateFieldSetDelta,
        ElementAppendDelta: validateElementAppendDelta,
        ToolCall: validateToolCall,
      }[s.type as "ToolCall"];
      expect(v(s.value), s.label).toBe(true);
    }
  });

  it("1.3.0 types accept every sample: the value sites, and every valid event of the vectors", async () => {
    const events = vectorSamples().filter((e) => validateFrameEvent(e));
    expect(events.length).toBeGreaterThan(100);
    const samples = [
      ...valueSiteSamples(),
      ...events.map((e, i): TypedSample => ({ type: "FrameEvent", value: e, label: `event ${i}` })),
    ];
    expect(await typecheckSamples(registry, frameWire, frameWire.entry, samples)).toEqual([]);
  });

  it("the 1.2.0 history's untyped value sites are generated as unknown, so 42 and null typecheck there too", async () => {
    // 1.2.0 left `value`/`result` without a type. json-schema-to-typescript alone renders that as an
    // object map (the bug 1.3.0's amendment fixed in the document); codegen/types.ts renders a
    // schema with no shape as `unknown`, which is what the validator accepts (decision 086, amended).
    expect(await typecheckSamples(registry, frameWire, v120, valueSiteSamples())).toEqual([]);
  });

  it("a sample the types do not allow fails the check", async () => {
    const bad: TypedSample[] = [
      { type: "FieldSetDelta", value: { op: "field_set", path: 5, value: 1 }, label: "FieldSetDelta.path=5" },
      { type: "ToolCall", value: { id: "c", name: "t", arguments: [], result: 1 }, label: "ToolCall.arguments=[]" },
    ];
    const labels = (await typecheckSamples(registry, frameWire, frameWire.entry, bad)).map((f) => f.label);
    expect(labels).toEqual(["FieldSetDelta.path=5", "ToolCall.arguments=[]"]);
  });
});
