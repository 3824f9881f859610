/**
 * A member one version names and the other leaves to an open object (decision 176): the findings
 * under it (a `format` and `pattern` of a definition it newly reaches, a union branch) are one
 * change, `open-property-added` / `open-property-removed`, at the member's declaration; never at
 * keywords of the definition it reaches, which did not change.
 */
import { describe, expect, it } from "vitest";
import { diff, json, kinds, oneOp, openapi } from "./openapi-helpers.js";

const Snowflake = { type: "string", pattern: "^(0|[1-9][0-9]*)$", format: "snowflake" };
const body = (props: Record<string, unknown>) => ({
  type: "object",
  required: ["name"],
  properties: { name: { type: "string" }, ...props },
});
const req = (schema: unknown) =>
  oneOp({ requestBody: json(schema) }, { components: { schemas: { Snowflake } } }, "/a", "post");
const res = (schema: unknown) =>
  oneOp({ responses: { "200": { description: "ok", ...json(schema) } } }, { components: { schemas: { Snowflake } } });
const member = { oneOf: [{ type: "null" }, { $ref: "#/components/schemas/Snowflake" }] };

describe("open-property-added", () => {
  it("a request object gains a typed member: one breaking change at the member, not at Snowflake's format/pattern (fires)", () => {
    const r = diff(req(body({})), req(body({ user_id: member })));
    const breaking = r.findings.filter((c) => c.verdict === "breaking");
    expect(breaking.map((c) => c.kind)).toEqual(["open-property-added"]);
    expect(breaking[0]!.path).toBe("#/paths/~1a/post/requestBody/content/application~1json/schema/properties/user_id");
    expect(breaking[0]!.counterexample).toMatchObject({ valid: "old", invalid: "new", errorAt: "/user_id" });
    expect(r.findings.some((c) => c.path.includes("Snowflake"))).toBe(false);
  });

  it("its evidence says each difference the merged findings found, not only the first one's", () => {
    const r = diff(req(body({})), req(body({ user_id: member })));
    const c = r.findings.find((x) => x.kind === "open-property-added")!;
    expect(c.evidence).toMatch(/^a member an open object did not name is now named \("user_id"\): /);
    // Snowflake's pattern and format arrive under the member as well as what the types no longer allow.
    expect(c.evidence).toMatch(/\| /);
    expect(c.evidence.split(" | ").length).toBeLessThanOrEqual(4);
  });

  it("inside a nested member and an array item it names the deepest new member", () => {
    const nested = (p: Record<string, unknown>) =>
      body({ tags: { type: "array", items: { type: "object", properties: { label: { type: "string" }, ...p } } } });
    const r = diff(req(nested({})), req(nested({ owner: { type: "integer" } })));
    const c = r.findings.find((x) => x.kind === "open-property-added")!;
    expect(c.verdict).toBe("breaking");
    expect(c.path).toMatch(/\/properties\/tags\/items\/properties\/owner$/);
  });

  it("on a response the new member only narrows what may arrive: compatible", () => {
    const r = diff(res(body({})), res(body({ user_id: member })));
    expect(r.verdict).toBe("compatible");
    expect(kinds(r)).toContain("open-property-added");
  });

  it("stays quiet on an unchanged document, on a closed object (property-added) and when both versions name the member", () => {
    expect(kinds(diff(req(body({ user_id: member })), req(body({ user_id: member }))))).toEqual([]);
    const closed = (p: Record<string, unknown>) => ({ ...body(p), additionalProperties: false });
    const r = diff(req(closed({})), req(closed({ user_id: member })));
    expect(kinds(r)).toEqual(["property-added"]);
    const both = diff(
      req(body({ user_id: { type: "string" } })),
      req(body({ user_id: { type: "string", maxLength: 3 } })),
    );
    expect(kinds(both)).toEqual(["max-length-lowered"]);
  });
});

describe("open-property-removed", () => {
  it("a response object stops naming a member: anything may arrive there now, breaking at the old declaration (fires)", () => {
    const r = diff(res(body({ user_id: member })), res(body({})));
    const c = r.findings.find((x) => x.verdict === "breaking")!;
    expect(c.kind).toBe("open-property-removed");
    expect(c.path).toBe("#/paths/~1things~1{id}/get/responses/200/content/application~1json/schema/properties/user_id");
    expect(c.counterexample).toMatchObject({ valid: "new", invalid: "old" });
  });

  it("on a request it only widens what is accepted: compatible; quiet when unchanged", () => {
    const r = diff(req(body({ user_id: member })), req(body({})));
    expect(r.verdict).toBe("compatible");
    expect(kinds(r)).toContain("open-property-removed");
    expect(kinds(diff(res(body({})), res(body({}))))).toEqual([]);
  });

  it("a member of a JSON Schema definition reached by $ref is located in its definition", () => {
    const doc = (props: Record<string, unknown>) =>
      openapi({
        paths: {
          "/a": {
            post: {
              requestBody: json({ $ref: "#/components/schemas/In" }),
              responses: { "200": { description: "ok" } },
            },
          },
        },
        components: { schemas: { In: body(props) } },
      });
    const c = diff(doc({}), doc({ n: { type: "integer" } })).findings.find((x) => x.kind === "open-property-added")!;
    expect(c.path).toBe("#/components/schemas/In/properties/n");
  });
});
