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

  it("the same check on the 1.2.0 history catches the bug the amendment fixed (42 and null rejected)", async () => {
    const failures = await typecheckSamples(registry, frameWire, v120, valueSiteSamples());
    const labels = failures.map((f) => f.label);
    for (const site of ["FieldSetDelta.value", "ElementAppendDelta.value", "ToolCall.result"]) {
      expect(labels).toContain(`${site}=42`);
      expect(labels).toContain(`${site}=null`);
    }
    // Objects still typecheck under 1.2.0 (the object map), which is why the bug went unnoticed.
    expect(labels).not.toContain('FieldSetDelta.value={"a":{"b":[null]}}');
  });
});
