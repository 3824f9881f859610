/**
 * The misses issue 34 item 4 names, each fixed with a pair where the change fires (its verdict, its
 * kind, a counterexample both versions' validators confirm where one exists) and a pair where it
 * stays quiet (the relaxation or equal rewrite judged compatible). Documents are built in memory and
 * diffed by the real engine.
 */
import { describe, expect, it } from "vitest";
import type { LoadedContract } from "../../src/contracts/index.js";
import { diffContracts } from "../../src/review/run-diff.js";
import type { DiffReport } from "../../src/review/diff.js";
import { requestChange, responseChange } from "../../src/review/kinds/examples.js";
import type { DocPair } from "../../src/review/kinds/kind.js";

function contract(doc: Record<string, unknown>, path: string): LoadedContract {
  return {
    entry: { name: "example", kind: "openapi", version: "", entry: path },
    doc: { path, root: doc, files: new Map([[path, doc]]), bytes: new Map() },
    problems: [],
  };
}

function diff(p: DocPair): DiffReport {
  return diffContracts(contract(p.old, "/virtual/old.json"), contract(p.new, "/virtual/new.json"), { samples: 100 });
}

/** The (kind, verdict) pairs of a report, and the first breaking finding's counterexample payload. */
function summary(r: DiffReport) {
  return {
    verdict: r.verdict,
    findings: r.findings.map((f) => `${f.verdict} ${f.kind}`),
    payload: r.findings.find((f) => f.verdict === "breaking")?.counterexample?.payload,
  };
}

const member = (schema: unknown) => ({ type: "object", properties: { s: schema } });
const str = (pattern: string) => member({ type: "string", pattern });

describe("pattern changes are decided by inclusion (decision 276)", () => {
  it("a tightened pattern on a request is breaking, shown with the shortest string only the old one matches (fires)", () => {
    expect(summary(diff(requestChange(str("^[a-z0-9]+$"), str("^[a-z]+$"))))).toEqual({
      verdict: "breaking",
      findings: ["breaking pattern-changed"],
      payload: { s: "0" },
    });
    expect(summary(diff(requestChange(str("^(cat|dog|bird)$"), str("^(cat|dog)$")))).payload).toEqual({ s: "bird" });
  });

  it("a relaxed pattern on a request is compatible: prefix shortened, class widened, alternative added, range widened (quiet)", () => {
    for (const [a, b] of [
      ["^abc", "^ab"],
      ["^[a-z]+$", "^[a-z0-9]+$"],
      ["^(cat|dog)$", "^(cat|dog|bird)$"],
      ["^[0-9]{3}$", "^[0-9]{3,5}$"],
    ])
      expect(summary(diff(requestChange(str(a!), str(b!)))).verdict, `${a} -> ${b}`).toBe("compatible");
  });

  it("on a response the directions swap: a relaxation is breaking, a tightening compatible", () => {
    expect(summary(diff(responseChange(str("^[a-z]+$"), str("^[a-z0-9]+$"))))).toMatchObject({
      verdict: "breaking",
      payload: { s: "0" },
    });
    expect(summary(diff(responseChange(str("^[a-z0-9]+$"), str("^[a-z]+$")))).verdict).toBe("compatible");
  });

  it("a pattern change the inclusion walk cannot decide is undecided with the reason, not breaking", () => {
    const r = diff(requestChange(str("^a\\b"), str("^a")));
    expect(summary(r).findings).toEqual(["undecided pattern-changed"]);
    expect(r.findings[0]!.evidence).toMatch(/undecided: the inclusion walk does not model .*word boundary/);
  });
});

describe("`not`: decided when one forbidden set contains the other, shown with a value the new one forbids", () => {
  it("a value newly forbidden by `not` is breaking on a request, shown with it (fires)", () => {
    expect(
      summary(
        diff(requestChange({ type: "string", not: { enum: ["a"] } }, { type: "string", not: { enum: ["a", "b"] } })),
      ),
    ).toEqual({ verdict: "breaking", findings: ["breaking constraint-changed"], payload: "b" });
    const inner = summary(
      diff(
        requestChange({ type: "object", not: { required: ["a", "b"] } }, { type: "object", not: { required: ["a"] } }),
      ),
    );
    expect(inner).toMatchObject({ verdict: "breaking", payload: { a: "x" } });
  });

  it("a `not` that forbids less is compatible on a request, proved structurally (quiet)", () => {
    const r = diff(
      requestChange({ type: "object", not: { required: ["a"] } }, { type: "object", not: { required: ["a", "b"] } }),
    );
    expect(r.verdict).toBe("compatible");
    expect(r.findings.every((f) => /proved structurally/.test(f.evidence))).toBe(true);
  });
});

describe("`dependentSchemas` and `dependentRequired` against the old version's own", () => {
  it("a dependent schema or dependent member list that asks more is breaking, shown with an object carrying the key (fires)", () => {
    expect(
      summary(
        diff(
          requestChange(
            { type: "object", dependentSchemas: { a: { required: ["b"] } } },
            { type: "object", dependentSchemas: { a: { required: ["b", "c"] } } },
          ),
        ),
      ),
    ).toEqual({ verdict: "breaking", findings: ["breaking constraint-changed"], payload: { a: "x", b: "x" } });
    expect(
      summary(
        diff(
          requestChange(
            { type: "object", dependentRequired: { a: ["b"] } },
            { type: "object", dependentRequired: { a: ["b", "c"] } },
          ),
        ),
      ),
    ).toMatchObject({ verdict: "breaking", payload: { a: "x", b: "x" } });
  });

  it("one that asks less is compatible (quiet)", () => {
    for (const [a, b] of [
      [{ dependentSchemas: { a: { required: ["b", "c"] } } }, { dependentSchemas: { a: { required: ["b"] } } }],
      [{ dependentRequired: { a: ["b", "c"] } }, { dependentRequired: { a: ["b"] } }],
    ])
      expect(diff(requestChange({ type: "object", ...a }, { type: "object", ...b })).verdict).toBe("compatible");
  });
});

describe("`patternProperties`: the schema under a key is compared like a member's, at a name only that key matches", () => {
  const pp = (schema: unknown, extra: object = {}) => ({
    type: "object",
    patternProperties: { "^x-": schema },
    ...extra,
  });

  it("a narrowed schema under a key is breaking with its own kind, at a member the key governs (fires)", () => {
    const r = diff(requestChange(pp({ type: "string" }), pp({ type: "string", maxLength: 3 })));
    expect(summary(r)).toEqual({
      verdict: "breaking",
      findings: ["breaking max-length-lowered"],
      payload: { "x-": "xxxx" },
    });
    expect(r.findings[0]!.path).toBe(
      "#/paths/~1things/post/requestBody/content/application~1json/schema/patternProperties/^x-/maxLength",
    );
    expect(summary(diff(requestChange(pp({ type: ["string", "integer"] }), pp({ type: "string" }))))).toMatchObject({
      findings: ["breaking type-narrowed"],
      payload: { "x-": 0 },
    });
  });

  it("a closed object whose key matches fewer names is breaking, shown with a name only the old key matches (fires)", () => {
    const closed = (key: string) => ({
      type: "object",
      patternProperties: { [key]: { type: "string" } },
      additionalProperties: false,
    });
    expect(summary(diff(requestChange(closed("^x-"), closed("^x-a"))))).toEqual({
      verdict: "breaking",
      findings: ["breaking additional-properties-restricted"],
      payload: { "x-": "x" },
    });
  });

  it("a widened schema, a key matching more names, a named member moving under a key: compatible (quiet)", () => {
    expect(diff(requestChange(pp({ type: "string", maxLength: 3 }), pp({ type: "string" }))).verdict).toBe(
      "compatible",
    );
    const closed = (o: object) => ({ type: "object", ...o, additionalProperties: false });
    expect(
      diff(
        requestChange(
          closed({ patternProperties: { "^x-a": { type: "string" } } }),
          closed({ patternProperties: { "^x-": { type: "string" } } }),
        ),
      ).verdict,
    ).toBe("compatible");
    expect(
      diff(
        requestChange(
          closed({ properties: { "x-a": { type: "string" } } }),
          closed({ patternProperties: { "^x-": { type: "string" } } }),
        ),
      ).verdict,
    ).toBe("compatible");
  });
});

describe("a global security requirement is one change at #/security, reaching the operations that inherit it", () => {
  const doc = (root: object, ownOnGet?: object[]) => ({
    openapi: "3.1.0",
    info: { title: "example", version: "1" },
    components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Key" } } },
    paths: {
      "/things": {
        get: { responses: { "200": { description: "ok" } }, ...(ownOnGet ? { security: ownOnGet } : {}) },
        post: { responses: { "200": { description: "ok" } } },
      },
    },
    ...root,
  });

  it("a root `security` added is one breaking finding at #/security listing every inheriting operation (fires)", () => {
    const r = diff({ old: doc({}), new: doc({ security: [{ key: [] }] }) });
    const breaking = r.findings.filter((f) => f.verdict === "breaking");
    expect(breaking.map((f) => [f.kind, f.path, f.reaches.map((x) => x.operation)])).toEqual([
      ["security-requirement-added", "#/security", ["GET /things", "POST /things"]],
    ]);
  });

  it("an operation with its own `security` is not reached by the root's (quiet for it)", () => {
    const r = diff({ old: doc({}, []), new: doc({ security: [{ key: [] }] }, []) });
    expect(r.findings.flatMap((f) => f.reaches.map((x) => x.operation))).not.toContain("GET /things");
    const own = diff({ old: doc({}), new: doc({}, [{ key: [] }]) });
    expect(own.findings.filter((f) => f.verdict === "breaking").map((f) => f.path)).toEqual([
      "#/paths/~1things/get/security",
    ]);
  });
});

describe("an OpenAPI 3.2 streamed body (`itemSchema`) diffs like any body, with one item as counterexample", () => {
  const stream = (item: unknown, side: "request" | "response") => ({
    openapi: "3.2.0",
    info: { title: "example", version: "1" },
    paths: {
      "/events": {
        post:
          side === "request"
            ? {
                requestBody: { content: { "application/jsonl": { itemSchema: item } } },
                responses: { "200": { description: "ok" } },
              }
            : { responses: { "200": { description: "ok", content: { "application/jsonl": { itemSchema: item } } } } },
      },
    },
  });
  const n = (type: unknown) => ({ type: "object", properties: { n: { type } } });

  it("a request item that accepts less is breaking, shown with one item; a response item that may carry more too (fires)", () => {
    const r = diff({ old: stream(n(["integer", "string"]), "request"), new: stream(n("integer"), "request") });
    expect(summary(r)).toEqual({ verdict: "breaking", findings: ["breaking type-narrowed"], payload: { n: "x" } });
    expect(r.findings[0]!.reaches).toEqual([
      { operation: "POST /events", part: "request body (application/jsonl) items" },
    ]);
    expect(
      summary(diff({ old: stream(n("integer"), "response"), new: stream(n(["integer", "string"]), "response") })),
    ).toMatchObject({ verdict: "breaking", payload: { n: "x" } });
  });

  it("a request item that accepts more is compatible (quiet)", () => {
    expect(
      diff({ old: stream(n("integer"), "request"), new: stream(n(["integer", "string"]), "request") }).verdict,
    ).toBe("compatible");
  });
});
