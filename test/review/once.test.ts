/**
 * Each change once (decision 248, issue 34 item 1): a shared component changed once is one finding
 * listing the operations it reaches; the views of one change from both sides of the wire, or from
 * two operations sharing a parameter, are one finding with its direction; a new required member is
 * one finding, not also an open-member one.
 */
import { describe, expect, it } from "vitest";
import { diff, json, openapi } from "./openapi-helpers.js";

const pet = (status: unknown) => ({
  components: {
    schemas: {
      Pet: { type: "object", properties: { name: { type: "string" }, status }, required: ["name"] },
    },
  },
});
const ref = { $ref: "#/components/schemas/Pet" };
const ok = (schema: unknown) => ({ "200": { description: "ok", ...json(schema) } });

function petStore(status: unknown, petId: unknown = { type: "string" }) {
  return openapi({
    paths: {
      "/pets": {
        post: { requestBody: json(ref), responses: ok(ref) },
        get: { responses: ok({ type: "array", items: ref }) },
      },
      "/pets/{petId}": {
        parameters: [{ name: "petId", in: "path", required: true, schema: petId }],
        get: { responses: ok(ref) },
        put: { requestBody: json(ref), responses: ok(ref) },
        delete: { responses: { "204": { description: "gone" } } },
      },
    },
    ...pet(status),
  });
}

describe("each change once", () => {
  it("a shared component narrowed once is one breaking finding reaching every operation, seen from both sides", () => {
    const r = diff(petStore({ enum: ["available", "sold"] }), petStore({ enum: ["available"] }));
    const enumFindings = r.findings.filter((f) => f.path.endsWith("/status/enum"));
    expect(enumFindings).toHaveLength(1);
    const f = enumFindings[0]!;
    expect(f).toMatchObject({ kind: "enum-value-removed", verdict: "breaking", direction: "both" });
    expect(f.subject.label).toBe("Pet");
    const ops = new Set(f.reaches.map((x) => x.operation));
    expect(ops).toEqual(new Set(["POST /pets", "GET /pets", "GET /pets/{petId}", "PUT /pets/{petId}"]));
    expect(f.reaches.some((x) => x.part.startsWith("request body"))).toBe(true);
    expect(f.reaches.some((x) => x.part.startsWith("response 200"))).toBe(true);
    expect(f.counterexample?.shownOn).toBeDefined();
    expect(f.message).toContain("`status`");
  });

  it("a path parameter written once for GET, PUT and DELETE whose type changes is one finding", () => {
    const r = diff(petStore({ type: "string" }), petStore({ type: "string" }, { type: "integer" }));
    const typeFindings = r.findings.filter((f) => f.kind === "type-narrowed" || f.kind === "type-widened");
    expect(typeFindings).toHaveLength(1);
    expect(typeFindings[0]).toMatchObject({
      kind: "type-narrowed",
      verdict: "breaking",
      direction: "request",
      path: "#/paths/~1pets~1{petId}/parameters/0/schema/type",
    });
    expect(typeFindings[0]!.reaches.map((x) => x.operation).sort()).toEqual([
      "DELETE /pets/{petId}",
      "GET /pets/{petId}",
      "PUT /pets/{petId}",
    ]);
  });

  it("a new required member of an open request object is one finding (required-added), not also open-property-added", () => {
    const body = (props: Record<string, unknown>, required: string[]) =>
      openapi({
        paths: {
          "/pets": {
            post: {
              requestBody: json({ type: "object", properties: props, required }),
              responses: { "200": { description: "ok" } },
            },
          },
        },
      });
    const r = diff(
      body({ name: { type: "string" } }, []),
      body({ name: { type: "string" }, ownerId: { type: "string" } }, ["ownerId"]),
    );
    const breaking = r.findings.filter((f) => f.verdict === "breaking");
    expect(breaking.map((f) => f.kind)).toEqual(["required-added"]);
    expect(breaking[0]!.message).toBe("`ownerId` is now required");
    expect(breaking[0]!.evidence).toContain("also newly declared");
    expect(r.findings.some((f) => f.kind === "open-property-added")).toBe(false);
  });

  it("two members made required at one place are two findings, each with its own id", () => {
    const body = (required: string[]) =>
      openapi({
        paths: {
          "/pets": {
            post: {
              requestBody: json({
                type: "object",
                properties: { a: { type: "string" }, b: { type: "string" } },
                required,
              }),
              responses: { "200": { description: "ok" } },
            },
          },
        },
      });
    const r = diff(body([]), body(["a", "b"]));
    const req = r.findings.filter((f) => f.kind === "required-added");
    expect(req.map((f) => f.message).sort()).toEqual(["`a` is now required", "`b` is now required"]);
    expect(new Set(req.map((f) => f.id)).size).toBe(2);
  });
});
