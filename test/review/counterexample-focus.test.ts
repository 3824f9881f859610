/**
 * Counterexamples that show the change: the payload differs from one both versions accept only at
 * the changed member, so the rejecting side's first error names that member (not a member it newly
 * requires elsewhere). Also: contentSchema/contentMediaType are annotations with no verdict of their own.
 */
import { describe, expect, it } from "vitest";
import { diff, json, oneOp } from "./openapi-helpers.js";

const req = (schema: unknown) => oneOp({ requestBody: json(schema) }, {}, "/a", "post");

describe("counterexamples at the change", () => {
  it("a tightened member is shown by a payload whose first failure is that member, though the new version also requires another", () => {
    const old = req({ type: "object", required: ["x"], properties: { x: { type: "string" }, z: { type: "string" } } });
    const now = req({ type: "object", required: ["x", "z"], properties: { x: { type: "string", maxLength: 3 }, z: { type: "string" } } });
    const r = diff(old, now);
    const c = r.changes.find((x) => x.kind === "max-length-lowered")!;
    expect(c.verdict).toBe("breaking");
    expect(c.at).toBe("/x");
    expect(c.counterexample!.error).toMatch(/^\/x /);
    // The added requirement is its own change, shown at the object.
    expect(r.changes.find((x) => x.kind === "required-added")?.counterexample?.error).toMatch(/required property 'z'/);
  });
  it("a sibling the new version closes off is dropped from the payload, not blamed", () => {
    const old = req({ type: "object", required: ["x", "extra"], properties: { x: { type: "integer" }, extra: { type: "string" } } });
    const now = req({ type: "object", required: ["x"], properties: { x: { type: "integer", maximum: 0 }, extra: false } });
    const c = diff(old, now).changes.find((x) => x.kind === "maximum-lowered")!;
    expect(c.counterexample?.error ?? "").toMatch(/^\/x /);
  });
});

describe("contentSchema and contentMediaType are annotations", () => {
  it("changing them gives no payload verdict", () => {
    const s = (media: string, inner: unknown) => req({ type: "string", contentMediaType: media, contentSchema: inner });
    const r = diff(s("application/json", { type: "object" }), s("application/json", { type: "array" }));
    expect(r.verdict).toBe("compatible");
    expect(r.changes.filter((c) => c.verdict !== "compatible")).toEqual([]);
    expect(diff(s("application/json", {}), s("text/plain", {})).verdict).toBe("compatible");
  });
});
