/** OpenAPI versions and dialects, and documents with small defects: read right, refused clearly, never a crash. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { runCli } from "../helpers/cli.js";
import { diff, json, kinds, openapi } from "./openapi-helpers.js";

const tmp = mkdtempSync(join(tmpdir(), "contract-suite-dialect-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const file = (name: string, doc: unknown) => {
  const p = join(tmp, name);
  writeFileSync(p, JSON.stringify(doc));
  return p;
};
const api = (version: string, paths: unknown = {}) => ({ openapi: version, info: { title: "t", version: "1" }, paths });
const v30 = (root: Record<string, unknown>) => {
  const c = openapi(root);
  (c.doc.root as any).openapi = "3.0.3";
  return c;
};
const body = (schema: unknown) => ({
  paths: { "/a": { post: { requestBody: json(schema), responses: { "200": { description: "ok" } } } } },
});

describe("versions", () => {
  it("Swagger 2.0 is refused with a usage error naming the version", async () => {
    const p = file("swagger.json", { swagger: "2.0", info: { title: "t", version: "1" }, paths: {} });
    const r = await runCli(["diff", p, p]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Swagger 2\.0/);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
  });
  it("an unknown OpenAPI version is refused; 3.0, 3.1 and 3.2 are read", async () => {
    const bad = await runCli(["diff", file("v4.json", api("4.0.0")), file("v31.json", api("3.1.0"))]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("OpenAPI 4.0.0 is not supported");
    for (const v of ["3.0.3", "3.1.1", "3.2.0"])
      expect((await runCli(["diff", file(`ok${v}.json`, api(v)), file(`ok${v}b.json`, api(v))])).code).toBe(0);
  });
});

describe("OpenAPI 3.0's schema dialect", () => {
  it("a boolean exclusiveMinimum is read as 3.0 means it (no crash), and tightening it is breaking", () => {
    const r = diff(
      v30(body({ type: "number", minimum: 0 })),
      v30(body({ type: "number", minimum: 0, exclusiveMinimum: true })),
    );
    expect(r.verdict).toBe("breaking");
    expect(r.findings.find((c) => c.verdict === "breaking")?.counterexample?.payload).toBe(0);
    expect(r.warnings).toEqual([]);
  });
  it("nullable: dropping it from a request member is breaking, shown with null", () => {
    const r = diff(v30(body({ type: "string", nullable: true })), v30(body({ type: "string" })));
    expect(r.verdict).toBe("breaking");
    expect(r.findings.find((c) => c.verdict === "breaking")?.counterexample?.payload).toBe(null);
    expect(diff(v30(body({ type: "string" })), v30(body({ type: "string", nullable: true }))).verdict).toBe(
      "compatible",
    );
  });
  it("3.0 -> 3.1 across a diff: the same schema in each dialect's spelling is no change", () => {
    const old = v30(
      body({
        type: "object",
        properties: { n: { type: "integer", minimum: 1, exclusiveMinimum: true, nullable: true } },
      }),
    );
    const now = openapi(
      body({ type: "object", properties: { n: { type: ["integer", "null"], exclusiveMinimum: 1 } } }),
    );
    const r = diff(old, now);
    expect(r.verdict).toBe("compatible");
    expect(kinds(r).filter((k) => !["title-changed", "description-changed", "equivalent"].includes(k))).toEqual([]);
  });
  it("in 3.1 a boolean exclusiveMinimum is a defect, read the 3.0 way with a warning", () => {
    const r = diff(
      openapi(body({ type: "number", minimum: 0, exclusiveMinimum: true })),
      openapi(body({ type: "number", exclusiveMinimum: 0 })),
    );
    expect(r.verdict).toBe("compatible");
    expect(r.warnings.map((w) => w.rule)).toEqual(["boolean-exclusive-bound"]);
  });
});

describe("documents with small defects", () => {
  const defective: any = api("3.1.0", {
    "/a": {
      post: {
        requestBody: json({
          type: "object",
          title: "",
          properties: { n: { type: "int" }, u: { oneOf: [] }, s: { type: "string", pattern: "^(?:[\\w-./:]+)$" } },
        }),
        responses: { "200": { description: "ok" } },
      },
    },
  });
  it("are compared around, each defect a warning with file, pointer and rule; one JSON document on stdout", async () => {
    const a = file("defective.json", defective);
    const b = file("defective-narrowed.json", {
      ...defective,
      paths: {
        "/a": {
          post: {
            ...defective.paths["/a"].post,
            requestBody: json({
              ...(defective.paths["/a"].post.requestBody.content["application/json"].schema as object),
              required: ["s"],
            }),
          },
        },
      },
    });
    const r = await runCli(["diff", a, b, "--format", "json"]);
    expect([0, 1]).toContain(r.code);
    const out = JSON.parse(r.stdout);
    expect(out.verdict).toBe("breaking");
    expect(out.findings.some((c: any) => c.kind === "required-added" && c.counterexample)).toBe(true);
    const rules = out.warnings.map((w: any) => `${w.side} ${w.rule} ${w.pointer}`);
    expect(rules).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^old invalid-type .*\/properties\/n$/),
        expect.stringMatching(/^old empty-combinator .*\/properties\/u$/),
        expect.stringMatching(/^old non-unicode-pattern .*\/properties\/s$/),
      ]),
    );
    for (const w of out.warnings) expect(w.file).toContain("defective");
  });
  it("checks every subschema keyword of the walker's table (prefixItems, additionalItems, dependentSchemas too)", () => {
    const doc = openapi(
      body({ type: "array", prefixItems: [], additionalItems: 5, dependentSchemas: "x", items: { type: "string" } }),
    );
    const r = diff(doc, doc);
    expect(r.verdict).toBe("compatible");
    expect(
      r.warnings
        .filter((w) => w.side === "old")
        .map((w) => `${w.rule} ${w.message}`)
        .sort(),
    ).toEqual([
      "invalid-keyword-value additionalItems must be a schema; ignored",
      "invalid-keyword-value dependentSchemas must be an object; ignored",
      "invalid-keyword-value prefixItems must be a non-empty array of schemas; ignored",
    ]);
  });
  it("the non-unicode pattern still constrains: a value it refuses is refused", () => {
    const pat = (p: string) => openapi(body({ type: "string", pattern: p }));
    const r = diff(pat("^.*$"), pat("^(?:[\\w-./:]+)$"));
    expect(r.verdict).toBe("breaking");
    expect(r.warnings.some((w) => w.rule === "non-unicode-pattern")).toBe(true);
  });
  it("--strict refuses such a document with exit 2", async () => {
    const a = file("defective2.json", defective);
    const r = await runCli(["diff", a, a, "--strict"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--strict: \d+ document defect/);
    expect(
      (await runCli(["diff", file("clean.json", api("3.1.0")), file("clean2.json", api("3.1.0")), "--strict"])).code,
    ).toBe(0);
  });
});

describe("unknown formats", () => {
  const doc = (max?: number) =>
    api("3.1.0", {
      "/t": {
        post: {
          requestBody: json({
            type: "object",
            properties: {
              at: { type: "integer", format: "unixtime", ...(max === undefined ? {} : { maximum: max }) },
              until: { type: "integer", format: "unixtime" },
              id: { type: "integer", format: "int64" },
              when: { type: "string", format: "date-time" },
            },
          }),
          responses: { "200": { description: "ok" } },
        },
      },
    });
  it("are one notice per name and document, nothing on stderr, and --strict does not refuse them", async () => {
    const a = file("fmt-old.json", doc());
    const b = file("fmt-new.json", doc(5));
    // ajv's default logger is the console: it printed `unknown format "unixtime" ignored` for every schema compiled.
    const warn = vi.spyOn(console, "warn");
    const r = await runCli(["diff", a, b, "--format", "json"]);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
    expect(r.stderr).toBe("");
    const out = JSON.parse(r.stdout);
    expect(out.verdict).toBe("breaking");
    expect(out.warnings).toEqual([
      {
        side: "old",
        file: expect.stringContaining("fmt-old.json"),
        pointer: expect.stringMatching(/\/properties\/at$/),
        rule: "unknown-format",
        message: expect.stringContaining('format "unixtime"'),
        notice: true,
      },
      {
        side: "new",
        file: expect.stringContaining("fmt-new.json"),
        pointer: expect.stringMatching(/\/properties\/at$/),
        rule: "unknown-format",
        message: expect.stringContaining('format "unixtime"'),
        notice: true,
      },
    ]);
    const strict = await runCli(["diff", a, b, "--strict"]);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(/^notice +unknown-format/m);
    expect(strict.stdout).toMatch(/2 notice\(s\)/);
  });
  it("known formats (ajv-formats' set, OpenAPI's int64) give no notice", () => {
    const known = api("3.1.0", {
      "/t": {
        post: {
          requestBody: json({
            type: "object",
            properties: { id: { type: "integer", format: "int64" }, when: { type: "string", format: "date-time" } },
          }),
          responses: { "200": { description: "ok" } },
        },
      },
    });
    expect(diff(openapi(known), openapi(known)).warnings).toEqual([]);
  });
});
