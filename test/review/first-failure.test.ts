/**
 * The proof that no payload can fail first at the change (first-failure.ts, decision 171): it holds
 * only when a member beside the change is kept by `required`, checked first by the rejecting version,
 * and shares no value between the versions; take away any one part and it says nothing.
 */
import { describe, expect, it } from "vitest";
import { SchemaContext } from "../../src/review/schema/context.js";
import { unavoidableAt } from "../../src/review/first-failure.js";
import { diff, json, oneOp } from "./openapi-helpers.js";
import { renderDiff } from "../../src/review/diff-report.js";

const side = (node: unknown) => ({ node: node as never, ctx: new SchemaContext({}) });
const steps = [{ kind: "prop" as const, name: "x" }];
const obj = (required: string[], properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "object",
  required,
  properties,
  ...extra,
});

describe("unavoidableAt", () => {
  const old = obj(["origin", "x"], { origin: { type: "object" }, x: { type: "integer" } });
  const now = obj(["origin", "x"], { origin: { type: "string" }, x: { type: "integer", minimum: 10 } });
  const payload = { origin: {}, x: 0 };

  it("proves it for a member required by the accepting version, typed apart and checked before the change", () => {
    expect(unavoidableAt(side(old), side(now), steps, payload, "/origin", "/x")).toEqual({
      member: "/origin",
      proof: "disjoint",
      requiredBy: "accepting",
    });
  });
  it("says nothing when the member is not required (a payload may leave it out)", () => {
    const open = obj(["x"], { origin: { type: "object" }, x: { type: "integer" } });
    const openNow = obj(["x"], { origin: { type: "string" }, x: { type: "integer", minimum: 10 } });
    expect(unavoidableAt(side(open), side(openNow), steps, { origin: {}, x: 0 }, "/origin", "/x")).toBeUndefined();
    // Required by the rejecting version only: a payload without it fails `required` first, one with it fails at it (checked first).
    expect(unavoidableAt(side(open), side(now), steps, { origin: {}, x: 0 }, "/origin", "/x")).toEqual({
      member: "/origin",
      proof: "disjoint",
      requiredBy: "rejecting",
    });
  });
  it("says nothing when the versions share a value there", () => {
    const shared = obj(["origin", "x"], {
      origin: { type: ["object", "string"] },
      x: { type: "integer", minimum: 10 },
    });
    expect(unavoidableAt(side(old), side(shared), steps, payload, "/origin", "/x")).toBeUndefined();
  });
  it("says nothing when the payload's value at the change is accepted there (no evidence of the order)", () => {
    expect(unavoidableAt(side(old), side(now), steps, { origin: {}, x: 20 }, "/origin", "/x")).toBeUndefined();
  });
  it("says nothing when the first error is at or above the change", () => {
    expect(unavoidableAt(side(old), side(now), steps, payload, "/x", "/x")).toBeUndefined();
    expect(unavoidableAt(side(old), side(now), steps, payload, "", "/x")).toBeUndefined();
  });
  it("proves it for a member only the rejecting version requires, in the object that constrains the change, and the accepting version forbids", () => {
    const closed = obj(["x"], { x: { type: "integer" } }, { additionalProperties: false });
    const needs = obj(["text", "x"], { x: { type: "integer", minimum: 10 }, text: { type: "string" } });
    expect(unavoidableAt(side(closed), side(needs), steps, { x: 0 }, "/text", "/x")).toEqual({
      member: "/text",
      proof: "disjoint",
      requiredBy: "rejecting",
    });
    // The same requirement coming from another allOf part than the one constraining x: allOf runs first, no proof.
    const split = {
      allOf: [
        obj([], { x: { type: "integer", minimum: 10 } }),
        { required: ["text"], properties: { text: { type: "string" } } },
      ],
    };
    expect(unavoidableAt(side(closed), side(split), steps, { x: 0 }, "/text", "/x")).toBeUndefined();
  });
  it("falls back to construction where no structural proof applies (closed objects requiring different members)", () => {
    const a = obj(["e", "x"], {
      e: obj(["new_text"], { new_text: { type: "string" } }, { additionalProperties: false }),
      x: { type: "integer" },
    });
    const b = obj(["e", "x"], {
      e: obj(["text"], { text: { type: "string" } }, { additionalProperties: false }),
      x: { type: "integer", minimum: 10 },
    });
    expect(unavoidableAt(side(a), side(b), steps, { e: { new_text: "" }, x: 0 }, "/e/text", "/x")).toEqual({
      member: "/e",
      proof: "no-common-value",
      requiredBy: "accepting",
    });
  });
});

describe("diff marks such counterexamples", () => {
  const req = (schema: unknown) => oneOp({ requestBody: json(schema) }, {}, "/a", "post");
  it("a change behind a member typed apart carries the proof; one that fails first at the change carries none", () => {
    const old = req(
      obj(["origin", "x", "z"], { origin: { type: "object" }, x: { type: "integer" }, z: { type: "string" } }),
    );
    const now = req(
      obj(["origin", "x", "z"], {
        origin: { type: "string" },
        x: { type: "integer", minimum: 10 },
        z: { type: "string", maxLength: 0 },
      }),
    );
    const r = diff(old, now);
    const behind = r.findings.find((c) => c.kind === "minimum-raised")!.counterexample!;
    expect(behind.errorAt).toBe("/origin");
    expect(behind.unavoidable).toEqual({ member: "/origin", proof: "disjoint", requiredBy: "accepting" });
    expect(renderDiff(r, "text")).toContain("no payload old accepts can fail first at the change: /origin is required");
    const first = diff(
      req(obj(["x"], { x: { type: "integer" }, origin: { type: "object" } })),
      req(obj(["x"], { x: { type: "integer", minimum: 10 }, origin: { type: "string" } })),
    );
    const at = first.findings.find((c) => c.kind === "minimum-raised")!.counterexample!;
    expect(at.errorAt).toBe("/x");
    expect(at.unavoidable).toBeUndefined();
  });
});
