/**
 * The change-kind registry: every kind the diff emits is registered, every registered kind is
 * shown firing by some test (the table below covers those no other test names), docs/review.md's
 * table is generated from it, and --level refuses unknown kinds.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { CHANGE_KINDS, findKind, kindsMarkdown } from "../../src/review/kinds/index.js";
import { runCli } from "../helpers/cli.js";
import { diff, json, oneOp, openapi } from "./openapi-helpers.js";

const ROOT = resolve(import.meta.dirname, "../..");
const req = (schema: unknown) => oneOp({ requestBody: json(schema) }, {}, "/a", "post");
const res = (schema: unknown) => oneOp({ responses: { "200": { description: "ok", ...json(schema) } } });
type Pair = [old: ReturnType<typeof openapi>, now: ReturnType<typeof openapi>];

/** Kinds no other test file names: an old/new pair where each fires. */
const FIRES: Record<string, () => Pair> = {
  "additional-properties-relaxed": () => [
    req({ type: "object", additionalProperties: false }),
    req({ type: "object" }),
  ],
  "format-relaxed": () => [req({ type: "string", format: "email" }), req({ type: "string" })],
  "format-changed": () => [req({ type: "string", format: "email" }), req({ type: "string", format: "uuid" })],
  "max-length-raised": () => [req({ type: "string", maxLength: 3 }), req({ type: "string", maxLength: 5 })],
  "minimum-lowered": () => [req({ type: "integer", minimum: 3 }), req({ type: "integer", minimum: 1 })],
  "maximum-raised": () => [req({ type: "integer", maximum: 3 }), req({ type: "integer", maximum: 5 })],
  "multiple-of-relaxed": () => [req({ type: "integer", multipleOf: 4 }), req({ type: "integer", multipleOf: 2 })],
  "max-items-raised": () => [req({ type: "array", maxItems: 2 }), req({ type: "array", maxItems: 4 })],
  "unique-items-removed": () => [req({ type: "array", uniqueItems: true }), req({ type: "array" })],
  "min-properties-raised": () => [req({ type: "object" }), req({ type: "object", minProperties: 1 })],
  "min-properties-lowered": () => [req({ type: "object", minProperties: 1 }), req({ type: "object" })],
  "max-properties-lowered": () => [
    req({ type: "object", maxProperties: 3 }),
    req({ type: "object", maxProperties: 1 }),
  ],
  "max-properties-raised": () => [req({ type: "object", maxProperties: 1 }), req({ type: "object", maxProperties: 3 })],
  "schema-narrowed": () => [
    req({ type: "object", properties: { a: { type: "string" } } }),
    req({ type: "object", properties: { a: false } }),
  ],
  "schema-widened": () => [
    req({ type: "object", properties: { a: false } }),
    req({ type: "object", properties: { a: { type: "string" } } }),
  ],
  "constraint-changed": () => [req({ type: "object" }), req({ type: "object", dependentRequired: { a: ["b"] } })],
  "operation-added": () => [openapi({ paths: {} }), req({ type: "string" })],
  "request-media-type-removed": () => [
    oneOp(
      { requestBody: { content: { "application/json": { schema: {} }, "text/plain": { schema: {} } } } },
      {},
      "/a",
      "post",
    ),
    req({}),
  ],
  "request-media-type-added": () => [
    req({}),
    oneOp(
      { requestBody: { content: { "application/json": { schema: {} }, "text/plain": { schema: {} } } } },
      {},
      "/a",
      "post",
    ),
  ],
  "request-body-added-required": () => [
    oneOp({}, {}, "/a", "post"),
    oneOp({ requestBody: { required: true, ...json({}) } }, {}, "/a", "post"),
  ],
  "response-media-type-added": () => [
    res({}),
    oneOp({
      responses: {
        "200": { description: "ok", content: { "application/json": { schema: {} }, "text/csv": { schema: {} } } },
      },
    }),
  ],
  "parameter-media-type-changed": () => [
    oneOp({ parameters: [{ name: "f", in: "query", content: { "application/json": { schema: {} } } }] }),
    oneOp({ parameters: [{ name: "f", in: "query", content: { "application/x-yaml": { schema: {} } } }] }),
  ],
  "security-alternative-added": () => [
    oneOp({ security: [{ k: [] }] }, { components: { securitySchemes: { k: { type: "http", scheme: "basic" } } } }),
    oneOp(
      { security: [{ k: [] }, { o: [] }] },
      {
        components: {
          securitySchemes: { k: { type: "http", scheme: "basic" }, o: { type: "http", scheme: "bearer" } },
        },
      },
    ),
  ],
  "definition-added": () => [
    openapi({ components: { schemas: {} } }),
    openapi({ components: { schemas: { A: { type: "string" } } } }),
  ],
  "comment-changed": () => [req({ type: "string", $comment: "a" }), req({ type: "string", $comment: "b" })],
  "examples-changed": () => [req({ type: "string", examples: ["a"] }), req({ type: "string", examples: ["b"] })],
  "example-changed": () => [req({ type: "string", example: "a" }), req({ type: "string", example: "b" })],
  undeprecated: () => [oneOp({ deprecated: true }), oneOp({ deprecated: false })],
};
/**
 * Kinds no document pair here can show: payload-rejected/-admitted fire only when a structural proof is
 * contradicted by a sampled payload (containment.test.ts's soundness property guards that this does not
 * happen), analysis-failed only on an internal failure (param-structure-changed and document-kind-changed:
 * kinds-document.test.ts).
 */
const ELSEWHERE = new Set(["analysis-failed", "payload-rejected", "payload-admitted"]);

describe("change-kind registry", () => {
  it("ids are unique and every kind has a doc", () => {
    expect(new Set(CHANGE_KINDS.map((k) => k.id)).size).toBe(CHANGE_KINDS.length);
    for (const k of CHANGE_KINDS) expect(k.doc.length, k.id).toBeGreaterThan(10);
  });

  it("every kind the diff source can emit is registered", () => {
    const src = ["diff.ts", "openapi-changes.ts", "run-diff.ts"]
      .map((f) => readFileSync(join(ROOT, "src/review", f), "utf8"))
      .join("\n");
    const literal = [
      ...src.matchAll(/kind: "([a-z-]+)"/g),
      ...src.matchAll(/\["([a-z]+-[a-z-]+)", "([a-z]+-[a-z-]+)"\]/g),
    ].flatMap((m) => m.slice(1));
    const ternaries = [...src.matchAll(/\? "([a-z]+-[a-z-]+)" : "([a-z]+-[a-z-]+)"/g)]
      .flatMap((m) => m.slice(1))
      .filter((id) => !["needs-review"].includes(id));
    const unknown = [...new Set([...literal, ...ternaries])].filter(
      (id) => !findKind(id) && !["needs-review"].includes(id),
    );
    expect(unknown).toEqual([]);
  });

  it("every registered kind is named by a test", () => {
    const text = readdirSync(join(ROOT, "test/review"))
      .filter((f) => f.endsWith(".ts") && f !== "kinds.test.ts")
      .map((f) => readFileSync(join(ROOT, "test/review", f), "utf8"))
      .join("\n");
    const unnamed = CHANGE_KINDS.map((k) => k.id).filter(
      (id) =>
        !text.includes(`"${id}"`) &&
        !text.includes(`${id}=`) &&
        !new RegExp(`[ /]${id}[ /]`).test(text) &&
        !(id in FIRES) &&
        !ELSEWHERE.has(id),
    );
    expect(unnamed).toEqual([]);
  });

  for (const [id, pair] of Object.entries(FIRES)) {
    if (ELSEWHERE.has(id)) continue;
    it(`${id} fires on its pair and stays quiet on an unchanged document`, () => {
      const [a, b] = pair();
      expect(diff(a, b, 50).changes.map((c) => c.kind)).toContain(id);
      expect(diff(b, b, 50).changes.map((c) => c.kind)).not.toContain(id);
    });
  }

  it("docs/review.md carries the generated table", () => {
    const doc = readFileSync(join(ROOT, "docs/review.md"), "utf8");
    const m = /<!-- kinds:start[^>]*-->\n([\s\S]*?)\n<!-- kinds:end -->/.exec(doc);
    expect(m?.[1]).toBe(kindsMarkdown());
  });

  it("--level refuses an unknown kind with a usage error; --list-kinds prints the registry", async () => {
    const r = await runCli(["diff", "a.json", "b.json", "--level", "no-such-kind=breaking"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown change kind "no-such-kind"');
    const list = await runCli(["diff", "--list-kinds", "--format", "json"]);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout).map((k: { id: string }) => k.id)).toEqual(CHANGE_KINDS.map((k) => k.id));
  });
});
