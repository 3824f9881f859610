/**
 * readOnly / writeOnly by direction (decision 173): a readOnly member is no request requirement
 * and does not constrain requests; a writeOnly member is not expected in responses.
 */
import { describe, expect, it } from "vitest";
import { diff, json, kinds, openapi } from "./openapi-helpers.js";

/** POST /users sends a User and receives a User: the one schema serves both directions. */
const api = (user: Record<string, unknown>) =>
  openapi({
    paths: {
      "/users": {
        post: {
          requestBody: { required: true, ...json({ $ref: "#/components/schemas/User" }) },
          responses: { "201": { description: "created", ...json({ $ref: "#/components/schemas/User" }) } },
        },
      },
    },
    components: { schemas: { User: { type: "object", ...user } } },
  });
const str = { type: "string" };

describe("readOnly", () => {
  it("a new required readOnly member is no request requirement (quiet): the response only narrows", () => {
    const r = diff(
      api({ properties: { name: str }, required: ["name"] }),
      api({ properties: { name: str, id: { type: "string", readOnly: true } }, required: ["name", "id"] }),
    );
    expect(r.verdict).toBe("compatible");
    expect(r.findings.filter((c) => c.direction === "request" && c.verdict !== "compatible")).toEqual([]);
  });
  it("the same member without readOnly is a new request requirement (fires)", () => {
    const r = diff(
      api({ properties: { name: str }, required: ["name"] }),
      api({ properties: { name: str, id: str }, required: ["name", "id"] }),
    );
    expect(r.verdict).toBe("breaking");
    expect(kinds(r, "breaking")).toContain("required-added");
    expect(r.findings.find((x) => x.kind === "required-added")?.counterexample?.valid).toBe("old");
  });
  it("lifting readOnly from a required member makes it a request requirement (fires)", () => {
    const ro = { properties: { id: { type: "string", readOnly: true } }, required: ["id"] };
    const rw = { properties: { id: str }, required: ["id"] };
    expect(kinds(diff(api(ro), api(rw)), "breaking")).toContain("required-added");
    expect(diff(api(rw), api(ro)).verdict).toBe("compatible");
  });
  it("a readOnly member still binds responses: widening its type is breaking there, and only there", () => {
    const r = diff(
      api({ properties: { id: { type: "string", readOnly: true } } }),
      api({ properties: { id: { type: ["string", "integer"], readOnly: true } } }),
    );
    expect(r.verdict).toBe("breaking");
    const broken = r.findings.filter((c) => c.verdict === "breaking");
    expect(broken.map((c) => c.kind)).toEqual(["type-widened"]);
    expect(broken[0]!.counterexample?.valid).toBe("new");
    expect(broken[0]!.path).toBe("#/components/schemas/User/properties/id/type");
  });
  it("a readOnly member reached through a $ref'd member schema counts too", () => {
    const withId = (required: string[]) =>
      openapi({
        paths: {
          "/users": {
            post: {
              requestBody: json({ $ref: "#/components/schemas/User" }),
              responses: { "201": { description: "c" } },
            },
          },
        },
        components: {
          schemas: {
            Id: { type: "string", readOnly: true },
            User: { type: "object", properties: { id: { $ref: "#/components/schemas/Id" } }, required },
          },
        },
      });
    expect(diff(withId([]), withId(["id"])).verdict).toBe("compatible");
  });
});

describe("writeOnly", () => {
  it("a writeOnly member is not expected in responses: widening its type is a request widening only (quiet)", () => {
    const r = diff(
      api({ properties: { password: { type: "string", writeOnly: true } } }),
      api({ properties: { password: { type: ["string", "integer"], writeOnly: true } } }),
    );
    expect(r.verdict).toBe("compatible");
  });
  it("the same member without writeOnly: widening it lets responses grow (fires)", () => {
    const r = diff(
      api({ properties: { password: str } }),
      api({ properties: { password: { type: ["string", "integer"] } } }),
    );
    expect(r.verdict).toBe("breaking");
    expect(r.findings.find((c) => c.verdict === "breaking")?.counterexample?.valid).toBe("new");
  });
  it("marking a required response member writeOnly is breaking: responses may now lack it (fires)", () => {
    const r = diff(
      api({ properties: { token: str }, required: ["token"] }),
      api({ properties: { token: { type: "string", writeOnly: true } }, required: ["token"] }),
    );
    expect(r.verdict).toBe("breaking");
    expect(kinds(r, "breaking")).toContain("required-removed");
  });
  it("a document without readOnly/writeOnly builds no view copies", async () => {
    const { buildModel } = await import("../../src/review/model.js");
    const m = buildModel(api({ properties: { name: str } }));
    expect(Object.keys(m.ctx.defs).filter((n) => n.startsWith("User__"))).toEqual([]);
    const marked = buildModel(api({ properties: { id: { type: "string", readOnly: true } } }));
    expect(Object.keys(marked.ctx.defs).filter((n) => n.startsWith("User__"))).toEqual(["User__request"]);
  });
});
