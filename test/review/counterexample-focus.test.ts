/**
 * Counterexamples that show the change: the payload differs from one both versions accept only at
 * the changed member, so the rejecting side's first error names that member (not a member it newly
 * requires elsewhere). Also: contentSchema/contentMediaType are annotations with no verdict of their own.
 */
import { describe, expect, it } from "vitest";
import { diff, json, oneOp } from "./openapi-helpers.js";
import { renderDiff } from "../../src/review/diff-report.js";

const req = (schema: unknown) => oneOp({ requestBody: json(schema) }, {}, "/a", "post");

describe("counterexamples at the change", () => {
  it("a tightened member is shown by a payload whose first failure is that member, though the new version also requires another", () => {
    const old = req({ type: "object", required: ["x"], properties: { x: { type: "string" }, z: { type: "string" } } });
    const now = req({
      type: "object",
      required: ["x", "z"],
      properties: { x: { type: "string", maxLength: 3 }, z: { type: "string" } },
    });
    const r = diff(old, now);
    const c = r.findings.find((x) => x.kind === "max-length-lowered")!;
    expect(c.verdict).toBe("breaking");
    expect(c.at).toBe("/x");
    expect(c.counterexample!.error).toMatch(/^\/x /);
    // The added requirement is its own change, shown at the object.
    expect(r.findings.find((x) => x.kind === "required-added")?.counterexample?.error).toMatch(/required property 'z'/);
  });
  it("a sibling the new version closes off is dropped from the payload, not blamed", () => {
    const old = req({
      type: "object",
      required: ["x", "extra"],
      properties: { x: { type: "integer" }, extra: { type: "string" } },
    });
    const now = req({
      type: "object",
      required: ["x"],
      properties: { x: { type: "integer", maximum: 0 }, extra: false },
    });
    const c = diff(old, now).findings.find((x) => x.kind === "maximum-lowered")!;
    expect(c.counterexample?.error ?? "").toMatch(/^\/x /);
  });
});

describe("contentSchema and contentMediaType are annotations", () => {
  it("changing them gives no payload verdict", () => {
    const s = (media: string, inner: unknown) => req({ type: "string", contentMediaType: media, contentSchema: inner });
    const r = diff(s("application/json", { type: "object" }), s("application/json", { type: "array" }));
    expect(r.verdict).toBe("compatible");
    expect(r.findings.filter((c) => c.verdict !== "compatible")).toEqual([]);
    expect(diff(s("application/json", {}), s("text/plain", {})).verdict).toBe("compatible");
  });
});

describe("counterexamples from a payload both versions accept", () => {
  it("a member the versions type differently and neither requires is left out of the base, so it is not blamed", () => {
    const old = req({ type: "object", required: ["x"], properties: { x: { type: "integer" }, y: { type: "object" } } });
    const now = req({
      type: "object",
      required: ["x"],
      properties: { x: { type: "integer", minimum: 10 }, y: { type: "string" } },
    });
    const c = diff(old, now).findings.find((x) => x.kind === "minimum-raised")!;
    expect(c.counterexample?.isolated).toBe(true);
    expect(c.counterexample?.errorAt).toBe("/x");
    expect(c.counterexample?.payload).toEqual({ x: expect.any(Number) });
  });
  it("a oneOf failure is explained by the branch the payload follows, not by branch 0", () => {
    const branch = (op: string, extra: Record<string, unknown> = {}) => ({
      type: "object",
      required: ["op", "n"],
      properties: { op: { const: op }, n: { type: "integer", ...extra } },
    });
    const old = req({ oneOf: [branch("a"), branch("b")] });
    const now = req({ oneOf: [branch("a"), branch("b", { maximum: 5 })] });
    const c = diff(old, now).findings.find((x) => x.kind === "maximum-lowered")!;
    expect(c.verdict).toBe("breaking");
    expect(c.counterexample?.errorAt).toBe("/n");
    expect((c.counterexample?.payload as { op: string }).op).toBe("b");
  });
  it("where no payload both versions accept exists, the change keeps its counterexample, marked not isolated", () => {
    const old = req({
      type: "object",
      required: ["x", "origin"],
      properties: { x: { type: "integer" }, origin: { type: "object" } },
    });
    const now = req({
      type: "object",
      required: ["x", "origin"],
      properties: { x: { type: "integer", minimum: 10 }, origin: { type: "string" } },
    });
    const c = diff(old, now).findings.find((x) => x.kind === "minimum-raised")!;
    expect(c.verdict).toBe("breaking");
    expect(c.counterexample).toBeDefined();
    expect(c.counterexample?.isolated).toBeUndefined();
  });
  it("where a member the versions type apart comes first, the error with that member as the rejecting version has it names the change", () => {
    const old = req({
      type: "object",
      required: ["origin", "x"],
      properties: { origin: { type: "object" }, x: { type: "integer" } },
    });
    const now = req({
      type: "object",
      required: ["origin", "x", "y"],
      properties: { origin: { type: "string" }, x: { type: "integer", minimum: 10 }, y: { type: "string" } },
    });
    const r = diff(old, now);
    const c = r.findings.find((x) => x.kind === "minimum-raised")!;
    const cx = c.counterexample!;
    expect(c.verdict).toBe("breaking");
    // ajv checks `origin` first, and no payload of the old version has a string there.
    expect(cx.errorAt).toBe("/origin");
    expect(cx.atChange).toEqual({ error: expect.stringMatching(/^\/x /), errorAt: "/x", apart: ["/origin"] });
    // The payload itself is built for both versions apart from `origin`: the old version is open, so `y` (new) is in it.
    expect(cx.payload).toEqual({ origin: {}, x: expect.any(Number), y: "x" });
    expect(cx.isolated).toBeUndefined();
    // The reviewer reads both errors.
    const text = renderDiff(r, "text");
    expect(text).toMatch(/is accepted by old and refused by new: origin must be string;/);
    expect(text).toMatch(
      /; with origin as new has it \(no value both versions accept there\), new refuses it at the change: x must be >= 10/,
    );
  });
  it("no atChange where the first error already names the change", () => {
    const old = req({
      type: "object",
      required: ["x", "origin"],
      properties: { x: { type: "integer" }, origin: { type: "object" } },
    });
    const now = req({
      type: "object",
      required: ["x", "origin"],
      properties: { x: { type: "integer", minimum: 10 }, origin: { type: "string" } },
    });
    const cx = diff(old, now).findings.find((x) => x.kind === "minimum-raised")!.counterexample!;
    expect(cx.errorAt).toBe("/x");
    expect(cx.atChange).toBeUndefined();
  });
});
