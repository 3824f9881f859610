/** Every lint rule of the registry: a bad input it reports (at the right place) and a good one it leaves alone. */
import { describe, expect, it } from "vitest";
import { compile } from "json-schema-to-typescript";
import { ruleFindings, S } from "./lint-helpers.js";
import { generateTypes } from "../../codegen/types.js";

const described = (extra: object = {}) => ({ description: "d", ...extra });

describe("unresolved-ref", () => {
  it("fires on a $ref to a missing definition, at the referring site", async () => {
    const fs = await ruleFindings("unresolved-ref", {
      $schema: S,
      $defs: { A: described({ type: "object", properties: { b: { $ref: "#/$defs/Missing", description: "x" } } }) },
    });
    expect(fs.map((f) => f.pointer)).toEqual(["/$defs/A/properties/b"]);
    expect(fs[0]!.severity).toBe("error");
  });
  it("fires on a missing external file", async () => {
    const fs = await ruleFindings("unresolved-ref", { $schema: S, $defs: { A: described({ $ref: "./nope.json" }) } });
    expect(fs).toHaveLength(1);
  });
  it("stays quiet when every reference lands", async () => {
    expect(
      await ruleFindings("unresolved-ref", {
        $schema: S,
        $defs: { A: described({ type: "string" }), B: described({ $ref: "#/$defs/A" }) },
      }),
    ).toEqual([]);
  });
});

describe("duplicate-key", () => {
  it("fires on a key repeated in raw JSON (which JSON.parse would silently collapse), with both lines", async () => {
    const text = `{\n  "$schema": "${S}",\n  "$defs": {\n    "A": {\n      "description": "d",\n      "type": "string",\n      "type": "integer"\n    }\n  }\n}\n`;
    const fs = await ruleFindings("duplicate-key", text);
    expect(fs).toHaveLength(1);
    expect(fs[0]!.pointer).toBe("/$defs/A/type");
    expect(fs[0]!.message).toMatch(/lines 6 and 7/);
  });
  it("fires on a repeated YAML key even though the document cannot load", async () => {
    const yaml = "openapi: 3.1.0\ninfo:\n  title: t\n  version: '1'\n  title: again\npaths: {}\n";
    const fs = await ruleFindings("duplicate-key", yaml, { kind: "openapi", file: "api.yaml" });
    expect(fs.map((f) => f.pointer)).toEqual(["/info/title"]);
  });
  it("stays quiet on distinct keys, including the same key in different objects", async () => {
    expect(
      await ruleFindings("duplicate-key", {
        $schema: S,
        $defs: { A: described({ type: "string" }), B: described({ type: "string" }) },
      }),
    ).toEqual([]);
  });
});

describe("member-without-type", () => {
  it("stays quiet on a member with only a description, which the generator renders as `unknown` (json-schema-to-typescript alone renders an object map)", async () => {
    const schema = {
      $schema: S,
      $defs: {
        Delta: described({
          type: "object",
          additionalProperties: false,
          required: ["value"],
          properties: { value: { description: "the value" }, at: { format: "date-time" } },
        }),
      },
    };
    expect(await ruleFindings("member-without-type", schema)).toEqual([]);
    const raw = await compile({ title: "Delta", ...schema.$defs.Delta } as never, "Delta", {
      bannerComment: "",
      additionalProperties: false,
    });
    expect(raw).toMatch(/value: \{\s*\[k: string\]: unknown;\s*\}/);
    const ours = await generateTypes({ defs: { Delta: schema.$defs.Delta } } as never, "Root");
    expect(ours).toMatch(/value: unknown/);
    expect(ours).toMatch(/at\?: unknown/);
  });
  it("fires on object keywords without a type", async () => {
    const fs = await ruleFindings("member-without-type", {
      $schema: S,
      $defs: {
        A: described({
          type: "object",
          properties: { m: { description: "x", properties: { a: { type: "string", description: "y" } } } },
        }),
      },
    });
    expect(fs[0]!.message).toMatch(/object keywords/);
  });
  it("stays quiet on typed, referenced, combined and empty members", async () => {
    const schema = {
      $schema: S,
      $defs: {
        V: described({ oneOf: [{ type: "null" }, { type: "string" }] }),
        A: described({
          type: "object",
          properties: {
            a: { type: "string", description: "x" },
            b: { $ref: "#/$defs/V" },
            c: { enum: [1, "x"], description: "x" },
            d: {},
            e: { const: 3 },
          },
        }),
      },
    };
    expect(await ruleFindings("member-without-type", schema)).toEqual([]);
    const ts = await compile({ title: "A", type: "object", properties: { d: {} } } as never, "A", {
      bannerComment: "",
    });
    expect(ts).toMatch(/d\?: unknown/);
  });
  it("stays quiet on an untyped subschema under `not` (idiomatic), but not on the same subschema elsewhere", async () => {
    const negated = {
      $schema: S,
      $defs: { A: described({ type: "object", not: { required: ["a", "b"], properties: { a: { minLength: 2 } } } }) },
    };
    expect(await ruleFindings("member-without-type", negated)).toEqual([]);
    const plain = {
      $schema: S,
      $defs: { A: described({ type: "object", properties: { x: { required: ["a", "b"] } } }) },
    };
    expect((await ruleFindings("member-without-type", plain)).map((f) => f.pointer)).toEqual(["/$defs/A/properties/x"]);
  });
});

describe("shadowed-global-name", () => {
  it("fires on definitions named like TypeScript/DOM globals, also after PascalCasing", async () => {
    const fs = await ruleFindings("shadowed-global-name", {
      $schema: S,
      $defs: {
        Symbol: described({ type: "string" }),
        document: described({ type: "string" }),
        Position: described({ type: "integer" }),
      },
    });
    expect(fs.map((f) => f.pointer).sort()).toEqual(["/$defs/Position", "/$defs/Symbol", "/$defs/document"]);
    expect(fs.every((f) => f.severity === "warning")).toBe(true);
  });
  it("stays quiet on names that only contain a global", async () => {
    expect(
      await ruleFindings("shadowed-global-name", {
        $schema: S,
        $defs: { SymbolInfo: described({ type: "string" }), DocumentRef: described({ type: "string" }) },
      }),
    ).toEqual([]);
  });
});

describe("discriminator-mismatch", () => {
  const branch = (tag: unknown, required = true) =>
    described({
      type: "object",
      required: required ? ["kind"] : [],
      properties: { kind: tag === undefined ? { type: "string", description: "t" } : { const: tag, description: "t" } },
    });
  it("fires when a branch does not require the property, does not pin it, or repeats another's constant", async () => {
    const schema = {
      $schema: S,
      $defs: {
        A: branch("a"),
        B: branch("b", false),
        C: branch(undefined),
        D: branch("a"),
        U: described({
          oneOf: ["A", "B", "C", "D"].map((n) => ({ $ref: `#/$defs/${n}` })),
          discriminator: { propertyName: "kind" },
        }),
      },
    };
    const msgs = (await ruleFindings("discriminator-mismatch", schema)).map((f) => f.message).join("\n");
    expect(msgs).toMatch(/branch 1 \(#\/\$defs\/B\) does not list the discriminator "kind" in required/);
    expect(msgs).toMatch(/branch 2 \(#\/\$defs\/C\) does not pin "kind"/);
    expect(msgs).toMatch(/branches 0 and 3 both pin "kind" to "a"/);
  });
  it("fires on a mapping that names another value or a non-branch", async () => {
    const schema = {
      $schema: S,
      $defs: {
        A: branch("a"),
        B: branch("b"),
        U: described({
          oneOf: [{ $ref: "#/$defs/A" }, { $ref: "#/$defs/B" }],
          discriminator: { propertyName: "kind", mapping: { x: "#/$defs/A", b: "#/$defs/Z" } },
        }),
      },
    };
    const fs = await ruleFindings("discriminator-mismatch", schema);
    expect(fs.map((f) => f.message).join("\n")).toMatch(
      /mapping "x" names branch 0, whose "kind" constant is "a"[\s\S]*mapping "b" names #\/\$defs\/Z/,
    );
  });
  it("stays quiet on const or one-member-enum tags that are required and distinct", async () => {
    const enumBranch = described({
      type: "object",
      required: ["kind"],
      properties: { kind: { type: "string", enum: ["b"], description: "t" } },
    });
    const schema = {
      $schema: S,
      $defs: {
        A: branch("a"),
        B: enumBranch,
        U: described({
          oneOf: [{ $ref: "#/$defs/A" }, { $ref: "#/$defs/B" }],
          discriminator: { propertyName: "kind", mapping: { a: "#/$defs/A", b: "#/$defs/B" } },
        }),
      },
    };
    expect(await ruleFindings("discriminator-mismatch", schema)).toEqual([]);
  });
});

describe("oneof-overlap", () => {
  it("fires on number/integer branches, with a value both accept", async () => {
    const fs = await ruleFindings("oneof-overlap", {
      $schema: S,
      $defs: { N: described({ oneOf: [{ type: "number" }, { type: "integer" }] }) },
    });
    expect(fs).toHaveLength(1);
    expect(fs[0]!.pointer).toBe("/$defs/N/oneOf");
    const value = JSON.parse(/both accept (.+), so oneOf/.exec(fs[0]!.message)![1]!);
    expect(Number.isInteger(value)).toBe(true);
  });
  it("fires on open object branches that share a shape", async () => {
    const schema = {
      $schema: S,
      $defs: {
        O: described({
          oneOf: [
            { type: "object", properties: { a: { type: "string" } } },
            { type: "object", properties: { b: { type: "integer" } } },
          ],
        }),
      },
    };
    expect(await ruleFindings("oneof-overlap", schema)).toHaveLength(1);
  });
  it("stays quiet on branches disjoint by type, by discriminating constant, or by value", async () => {
    const schema = {
      $schema: S,
      $defs: {
        J: described({
          oneOf: [
            { type: "null" },
            { type: "boolean" },
            { type: "number" },
            { type: "string" },
            { type: "array" },
            { type: "object" },
          ],
        }),
        T: described({
          oneOf: [
            { type: "object", required: ["op"], properties: { op: { const: "a" } } },
            { type: "object", required: ["op"], properties: { op: { const: "b" } } },
          ],
        }),
        R: described({
          oneOf: [
            { type: "integer", maximum: 0 },
            { type: "integer", minimum: 1 },
          ],
        }),
      },
    };
    expect(await ruleFindings("oneof-overlap", schema)).toEqual([]);
  });
});

describe("recursive-tool-input", () => {
  const tree = {
    $schema: S,
    $defs: {
      TreeRequest: described({ type: "object", properties: { root: { $ref: "#/$defs/Node" } } }),
      Node: described({
        type: "object",
        properties: { children: { type: "array", items: { $ref: "#/$defs/Node" }, description: "c" } },
      }),
      FlatRequest: described({ type: "object", properties: { id: { type: "string", description: "i" } } }),
    },
  };
  it("fires on a configured tool input that reaches a $ref cycle, naming the cycle", async () => {
    const fs = await ruleFindings("recursive-tool-input", tree, { config: { toolInputs: { c0: ["*Request"] } } });
    expect(fs.map((f) => f.pointer)).toEqual(["/$defs/TreeRequest"]);
    expect(fs[0]!.message).toMatch(/Node -> Node/);
  });
  it("finds tool inputs from an x-operations catalog without any config", async () => {
    const withCatalog = {
      ...tree,
      $defs: {
        ...tree.$defs,
        ToolRequest: described({
          oneOf: [{ $ref: "#/$defs/TreeRequest" }],
          "x-operations": [{ op: "tree", request: "TreeRequest" }],
        }),
      },
    };
    expect((await ruleFindings("recursive-tool-input", withCatalog)).map((f) => f.pointer)).toEqual([
      "/$defs/TreeRequest",
    ]);
  });
  it("stays quiet on non-recursive tool inputs, and on recursion outside them", async () => {
    expect(
      await ruleFindings("recursive-tool-input", tree, { config: { toolInputs: { c0: ["FlatRequest"] } } }),
    ).toEqual([]);
    expect(await ruleFindings("recursive-tool-input", tree)).toEqual([]);
  });
});

describe("non-portable-regex", () => {
  it("fires on lookaround and backreferences (RE2-class engines refuse them)", async () => {
    const schema = {
      $schema: S,
      $defs: {
        P: described({ type: "string", pattern: "^(?=.*[A-Z]).+$" }),
        Q: described({ type: "string", pattern: "^(a)\\1$" }),
        R: described({ type: "string", pattern: "(?<!x)y" }),
      },
    };
    const fs = await ruleFindings("non-portable-regex", schema);
    expect(fs.map((f) => f.pointer).sort()).toEqual(["/$defs/P/pattern", "/$defs/Q/pattern", "/$defs/R/pattern"]);
    expect(fs.map((f) => f.message).join()).toMatch(/lookahead[\s\S]*backreference|backreference[\s\S]*lookahead/);
  });
  it("fires on patternProperties keys too", async () => {
    const fs = await ruleFindings("non-portable-regex", {
      $schema: S,
      $defs: { M: described({ type: "object", patternProperties: { "^(?!x)": { type: "string" } } }) },
    });
    expect(fs.map((f) => f.pointer)).toEqual(["/$defs/M/patternProperties/^(?!x)"]);
  });
  it("stays quiet on portable patterns, including escaped parentheses and classes that look like groups", async () => {
    const schema = {
      $schema: S,
      $defs: {
        A: described({ type: "string", pattern: ".*:.*" }),
        B: described({ type: "string", pattern: "^\\(?=$" }),
        C: described({ type: "string", pattern: "^[(?=]+$" }),
      },
    };
    expect(await ruleFindings("non-portable-regex", schema)).toEqual([]);
  });
});

describe("catastrophic-backtracking", () => {
  it("fires on nested unbounded quantifiers", async () => {
    const schema = {
      $schema: S,
      $defs: {
        A: described({ type: "string", pattern: "^(a+)+$" }),
        B: described({ type: "string", pattern: "^(\\w+\\s?)*$" }),
      },
    };
    const fs = await ruleFindings("catastrophic-backtracking", schema);
    expect(fs.map((f) => f.pointer).sort()).toEqual(["/$defs/A/pattern", "/$defs/B/pattern"]);
  });
  it("stays quiet on separated repetitions such as the RFC 6901 pointer pattern", async () => {
    const schema = {
      $schema: S,
      $defs: {
        P: described({ type: "string", pattern: "^(/([^~/]|~[01])*)*$" }),
        Q: described({ type: "string", pattern: "^[a-z]+(-[a-z]+)*$" }),
      },
    };
    expect(await ruleFindings("catastrophic-backtracking", schema)).toEqual([]);
  });
});

describe("missing-description", () => {
  it("fires on undescribed definitions and members", async () => {
    const fs = await ruleFindings("missing-description", {
      $schema: S,
      $defs: { A: { type: "object", properties: { x: { type: "string" } } } },
    });
    expect(fs.map((f) => f.pointer).sort()).toEqual(["/$defs/A", "/$defs/A/properties/x"]);
  });
  it("fires on OpenRPC methods without summary and params without description", async () => {
    const doc = {
      openrpc: "1.4.0",
      info: { title: "t", version: "1" },
      methods: [
        {
          name: "m",
          params: [{ name: "p", schema: { type: "string" } }],
          result: { name: "r", schema: { type: "string" } },
        },
      ],
    };
    const fs = await ruleFindings("missing-description", doc, { kind: "openrpc", file: "openrpc.json" });
    expect(fs.map((f) => f.pointer).sort()).toEqual(["/methods/0", "/methods/0/params/0"]);
  });
  it("stays quiet when described, when a member's $ref target is described, and on _private names", async () => {
    const schema = {
      $schema: S,
      $defs: {
        A: described({ type: "object", properties: { x: { $ref: "#/$defs/B" }, _internal: { type: "string" } } }),
        B: described({ type: "string" }),
      },
    };
    expect(await ruleFindings("missing-description", schema)).toEqual([]);
  });
});
