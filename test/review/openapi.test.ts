/** OpenAPI coverage of the diff: everything that changes what a client may send or must expect. */
import { describe, expect, it } from "vitest";
import { diff, json, kinds, oneOp, openapi } from "./openapi-helpers.js";

const idParam = (schema: unknown, extra: Record<string, unknown> = {}) => ({
  name: "id",
  in: "path",
  required: true,
  schema,
  ...extra,
});
const query = (name: string, schema: unknown, extra: Record<string, unknown> = {}) => ({
  name,
  in: "query",
  schema,
  ...extra,
});

describe("parameters, request bodies and responses referenced from components", () => {
  const withRef = (schema: unknown) =>
    openapi({
      paths: {
        "/things": {
          get: {
            parameters: [{ $ref: "#/components/parameters/Limit" }],
            responses: { "200": { $ref: "#/components/responses/Ok" } },
          },
        },
      },
      components: {
        parameters: { Limit: query("limit", schema) },
        responses: { Ok: { description: "ok", ...json({ type: "string" }) } },
      },
    });
  it("a type change of a $ref'd parameter is breaking, with a payload", () => {
    const r = diff(withRef({ type: "string" }), withRef({ type: "integer" }));
    expect(r.verdict).toBe("breaking");
    const c = r.findings.find((x) => x.verdict === "breaking")!;
    expect(c.kind).toBe("type-narrowed");
    // Located where the parameter is written (its component), reaching the operation that uses it.
    expect(c.path).toBe("#/components/parameters/Limit/schema/type");
    expect(c.reaches.map((x) => x.part)).toContain("query parameters");
    expect(c.counterexample?.valid).toBe("old");
  });
  it("the same parameter unchanged is compatible", () => {
    expect(diff(withRef({ type: "string" }), withRef({ type: "string" })).verdict).toBe("compatible");
  });
  it("a $ref'd response body that narrows the other way is caught (responses must not grow)", () => {
    const doc = (t: unknown) =>
      openapi({
        paths: { "/a": { get: { responses: { "200": { $ref: "#/components/responses/R" } } } } },
        components: { responses: { R: { description: "r", ...json(t) } } },
      });
    expect(diff(doc({ type: "integer" }), doc({ type: ["integer", "string"] })).verdict).toBe("breaking");
    expect(diff(doc({ type: ["integer", "string"] }), doc({ type: "integer" })).verdict).toBe("compatible");
  });
});

describe("request bodies", () => {
  it("a body that becomes required is breaking; one that becomes optional is not", () => {
    const body = (required: boolean) =>
      oneOp({ requestBody: { required, ...json({ type: "object" }) } }, {}, "/a", "post");
    expect(kinds(diff(body(false), body(true)), "breaking")).toContain("request-body-required");
    const relaxed = diff(body(true), body(false));
    expect(relaxed.verdict).toBe("compatible");
    expect(kinds(relaxed)).toContain("request-body-optional");
  });
  it("an XML body is not checked as JSON: a changed XML schema needs review, never a JSON counterexample", () => {
    const xml = (t: string) =>
      oneOp({ requestBody: { content: { "application/xml": { schema: { type: t } } } } }, {}, "/a", "post");
    const r = diff(xml("string"), xml("integer"));
    expect(kinds(r)).toContain("non-json-schema-changed");
    expect(r.findings.every((c) => !c.counterexample)).toBe(true);
    expect(diff(xml("string"), xml("string")).verdict).toBe("compatible");
  });
});

describe("responses", () => {
  const statuses = (...s: string[]) =>
    oneOp({ responses: Object.fromEntries(s.map((x) => [x, { description: x, ...json({ type: "string" }) }])) });
  it("removing a documented status is breaking (kind response-removed); adding one needs review", () => {
    const removed = diff(statuses("200", "404"), statuses("200"));
    expect(removed.verdict).toBe("breaking");
    expect(kinds(removed, "breaking")).toEqual(["response-removed"]);
    expect(kinds(diff(statuses("200"), statuses("200", "404")), "needs-review")).toContain("response-added");
  });
  it("removing a response media type is breaking; a status without content counts too", () => {
    const media = (...m: string[]) =>
      oneOp({
        responses: {
          "200": { description: "ok", content: Object.fromEntries(m.map((x) => [x, { schema: { type: "string" } }])) },
          "204": { description: "none" },
        },
      });
    expect(kinds(diff(media("application/json", "text/csv"), media("application/json")), "breaking")).toEqual([
      "response-media-type-removed",
    ]);
    const no204 = oneOp({
      responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "string" } } } } },
    });
    expect(kinds(diff(media("application/json"), no204), "breaking")).toEqual(["response-removed"]);
  });
  it("response headers: removed when required, made optional, or retyped is breaking; a new optional header is not", () => {
    const headers = (h: Record<string, unknown>) => oneOp({ responses: { "200": { description: "ok", headers: h } } });
    const rate = { "X-Rate": { required: true, schema: { type: "integer" } } };
    expect(diff(headers(rate), headers({})).verdict).toBe("breaking");
    expect(diff(headers(rate), headers({ "X-Rate": { required: false, schema: { type: "integer" } } })).verdict).toBe(
      "breaking",
    );
    expect(diff(headers(rate), headers({ "x-rate": { required: true, schema: { type: "string" } } })).verdict).toBe(
      "breaking",
    );
    expect(diff(headers(rate), headers({ ...rate, "X-New": { schema: { type: "string" } } })).verdict).toBe(
      "compatible",
    );
  });
});

describe("parameters", () => {
  it("path templates are compared up to parameter names: /things/{thingId} -> /things/{id} is no removed operation", () => {
    const a = oneOp(
      { parameters: [{ name: "thingId", in: "path", required: true, schema: { type: "string" } }] },
      {},
      "/things/{thingId}",
    );
    const b = oneOp({ parameters: [idParam({ type: "string" })] });
    const r = diff(a, b);
    expect(kinds(r)).not.toContain("operation-removed");
    expect(r.verdict).toBe("compatible");
    // ...while a real change of the path parameter is still seen.
    expect(diff(a, oneOp({ parameters: [idParam({ type: "string", maxLength: 3 })] })).verdict).toBe("breaking");
  });
  it("a query scalar that becomes an array is not a widening", () => {
    const a = oneOp({ parameters: [query("tag", { type: "string" })] });
    const b = oneOp({ parameters: [query("tag", { type: "array", items: { type: "string" } })] });
    expect(kinds(diff(a, b), "breaking")).toContain("parameter-serialization-changed");
    expect(diff(a, a).verdict).toBe("compatible");
  });
  it("a changed style or explode is breaking", () => {
    const p = (extra: Record<string, unknown>) =>
      oneOp({ parameters: [query("ids", { type: "array", items: { type: "string" } }, extra)] });
    expect(kinds(diff(p({}), p({ explode: false })), "breaking")).toContain("parameter-style-changed");
    expect(kinds(diff(p({}), p({ style: "form", explode: true })))).not.toContain("parameter-style-changed");
  });
  it("a parameter given with `content` is compared through its media type's schema", () => {
    const p = (schema: unknown) =>
      oneOp({ parameters: [{ name: "filter", in: "query", content: { "application/json": { schema } } }] });
    expect(diff(p({ type: "object" }), p({ type: "object", required: ["a"] })).verdict).toBe("breaking");
    expect(diff(p({ type: "object", required: ["a"] }), p({ type: "object" })).verdict).toBe("compatible");
  });
  it("a changed parameter default is breaking for requests", () => {
    const p = (d: unknown) => oneOp({ parameters: [query("limit", { type: "integer", default: d })] });
    const r = diff(p(10), p(20));
    expect(r.findings.find((c) => c.kind === "default-changed")?.verdict).toBe("breaking");
    expect(diff(p(10), p(10)).verdict).toBe("compatible");
  });
});

describe("webhooks and callbacks run the other way", () => {
  const hook = (schema: unknown) =>
    openapi({
      webhooks: { created: { post: { requestBody: json(schema), responses: { "200": { description: "ok" } } } } },
    });
  it("a webhook payload that grows is breaking (the client receives it); one that narrows is not", () => {
    expect(diff(hook({ type: "string" }), hook({ type: ["string", "integer"] })).verdict).toBe("breaking");
    expect(diff(hook({ type: ["string", "integer"] }), hook({ type: "string" })).verdict).toBe("compatible");
  });
  it("a callback's request body is judged as received data", () => {
    const cb = (schema: unknown) =>
      oneOp(
        {
          callbacks: {
            done: {
              "{$request.body#/url}": {
                post: { requestBody: json(schema), responses: { "200": { description: "ok" } } },
              },
            },
          },
        },
        {},
        "/jobs",
        "post",
      );
    expect(diff(cb({ type: "string" }), cb({ type: ["string", "integer"] })).verdict).toBe("breaking");
    expect(diff(cb({ type: ["string", "integer"] }), cb({ type: "string" })).verdict).toBe("compatible");
  });
});

describe("security", () => {
  const schemes = {
    components: {
      securitySchemes: {
        key: { type: "apiKey", in: "header", name: "X-Key" },
        oauth: {
          type: "oauth2",
          flows: { clientCredentials: { tokenUrl: "https://a/token", scopes: { read: "r", write: "w" } } },
        },
      },
    },
  };
  const sec = (security: unknown) => oneOp({ security }, schemes);
  it("a new requirement, or a new scope, is breaking", () => {
    expect(kinds(diff(sec([]), sec([{ key: [] }])), "breaking")).toContain("security-requirement-added");
    expect(kinds(diff(sec([{ oauth: ["read"] }]), sec([{ oauth: ["read", "write"] }])), "breaking")).toContain(
      "security-requirement-added",
    );
  });
  it("a new alternative, or fewer scopes, is compatible", () => {
    expect(diff(sec([{ key: [] }]), sec([{ key: [] }, { oauth: ["read"] }])).verdict).toBe("compatible");
    expect(diff(sec([{ oauth: ["read", "write"] }]), sec([{ oauth: ["read"] }])).verdict).toBe("compatible");
  });
  it("a scheme that sends its credential elsewhere is breaking", () => {
    const moved = oneOp(
      { security: [{ key: [] }] },
      {
        components: {
          securitySchemes: { ...schemes.components.securitySchemes, key: { type: "apiKey", in: "query", name: "key" } },
        },
      },
    );
    expect(kinds(diff(sec([{ key: [] }]), moved), "breaking")).toContain("security-scheme-changed");
  });
});

describe("x-extensible-enum", () => {
  const ext = (values: string[]) =>
    oneOp({ parameters: [query("kind", { type: "string", "x-extensible-enum": values })] });
  it("values removed are breaking; values added are not", () => {
    expect(kinds(diff(ext(["a", "b"]), ext(["a"])), "breaking")).toContain("extensible-enum-value-removed");
    const added = diff(ext(["a"]), ext(["a", "b"]));
    expect(added.verdict).toBe("compatible");
    expect(kinds(added)).toContain("extensible-enum-value-added");
  });
});
