/**
 * `--level kind[:request|response]=verdict`: a direction's level applies to findings on that side
 * only; one change seen from both sides takes the worse of its sides' levels.
 */
import { describe, expect, it } from "vitest";
import { applyLevels, levelOf } from "../../src/review/run-diff.js";
import { diff, json, oneOp } from "./openapi-helpers.js";
import type { Finding } from "../../src/review/finding.js";

const enumOf = (values: string[]) => ({ type: "string", enum: values });
const req = (schema: unknown) => oneOp({ requestBody: json(schema) }, {}, "/a", "post");
const res = (schema: unknown) => oneOp({ responses: { "200": { description: "ok", ...json(schema) } } });
const f = (direction: Finding["direction"]): Finding => ({
  id: "x",
  kind: "enum-value-added",
  verdict: "breaking",
  direction,
  path: "#",
  subject: { label: "#" },
  reaches: [],
  message: "",
  evidence: "",
});

describe("--level by kind and side of the wire", () => {
  it("a response-side level changes a response finding and leaves a request finding alone", () => {
    const levels = { "enum-value-added:response": "needs-review" as const };
    const widenedResponse = applyLevels(diff(res(enumOf(["a"])), res(enumOf(["a", "b"]))), levels);
    expect(widenedResponse.findings.find((x) => x.kind === "enum-value-added")?.verdict).toBe("needs-review");
    expect(widenedResponse.verdict).toBe("needs-review");
    const narrowedRequest = diff(req(enumOf(["a", "b"])), req(enumOf(["a"])));
    const leveled = applyLevels(narrowedRequest, { "enum-value-removed:response": "compatible" });
    expect(leveled.verdict).toBe("breaking");
  });

  it("a finding seen from both sides takes the worse side's level, and the plain level when a side has none", () => {
    expect(
      levelOf(f("both"), { "enum-value-added:request": "compatible", "enum-value-added:response": "needs-review" }),
    ).toBe("needs-review");
    expect(levelOf(f("both"), { "enum-value-added:request": "compatible" })).toBeUndefined();
    expect(levelOf(f("both"), { "enum-value-added": "ignore", "enum-value-added:request": "compatible" })).toBe(
      "compatible",
    );
    expect(levelOf(f("request"), { "enum-value-added": "needs-review" })).toBe("needs-review");
    expect(levelOf(f("none"), { "enum-value-added:request": "compatible" })).toBeUndefined();
  });
});
