/** JSON and YAML documents under the same caps (bytes, nodes, depth, aliases), refused with one line before they are built. */
import { describe, expect, it } from "vitest";
import {
  countJsonNodes,
  DOCUMENT_LIMITS,
  DocumentParseError,
  parseDocumentText,
  type DocumentLimits,
  yamlNodeBound,
} from "../../src/contracts/index.js";

const small: DocumentLimits = { maxBytes: 1 << 20, maxNodes: 1000, maxDepth: 20, maxAliases: 50 };

function refusal(path: string, text: string, limits: DocumentLimits = small): DocumentParseError {
  try {
    parseDocumentText(path, text, limits);
  } catch (e) {
    expect(e).toBeInstanceOf(DocumentParseError);
    expect((e as Error).message).not.toContain("\n");
    return e as DocumentParseError;
  }
  throw new Error("parsed");
}

/** YAML's "billion laughs": each level repeats the one before nine times. */
function laughs(levels: number): string {
  const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < levels; i++) {
    const prev = String.fromCharCode(96 + i);
    const name = String.fromCharCode(97 + i);
    lines.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(",")}]`);
  }
  return `${lines.join("\n")}\n`;
}

describe("the same caps for JSON and YAML", () => {
  it("refuses more nodes than the cap in either syntax, counting keys", () => {
    const items = Array.from({ length: 600 }, (_, i) => i);
    expect(refusal("d.json", JSON.stringify({ enum: items, more: items })).kind).toBe("too-many-nodes");
    expect(
      refusal("d.yaml", `enum:\n${items.map((i) => `  - ${i}\n`).join("")}more: [${items.join(",")}]\n`).kind,
    ).toBe("too-many-nodes");
    // Just under: 1 object + 1 key + 1 array + 997 numbers.
    const under = Array.from({ length: 997 }, (_, i) => i);
    expect(parseDocumentText("d.json", JSON.stringify({ e: under }), small)).toEqual({ e: under });
    expect(parseDocumentText("d.yaml", `e: [${under.join(",")}]`, small)).toEqual({ e: under });
  });

  it("refuses nesting past the cap in either syntax", () => {
    const deep = (n: number) => `${"[".repeat(n)}1${"]".repeat(n)}`;
    expect(refusal("d.json", deep(21)).kind).toBe("too-deep");
    expect(refusal("d.yaml", deep(21)).kind).toBe("too-deep");
    let block = "x: 1\n";
    for (let i = 0; i < 25; i++) block = `k:\n${block.replace(/^/gm, "  ")}`;
    expect(refusal("d.yaml", block).message).toMatch(/nests deeper than 20 levels/);
    expect(parseDocumentText("d.json", deep(20), small)).toBeDefined();
    expect(parseDocumentText("d.yaml", deep(20), small)).toBeDefined();
    let twenty = "x: 1\n";
    for (let i = 1; i < 20; i++) twenty = `k:\n${twenty.replace(/^/gm, "  ")}`;
    expect(parseDocumentText("d.yaml", twenty, small)).toBeDefined();
  });

  it("refuses more bytes than the cap in either syntax", () => {
    const limits = { ...small, maxBytes: 100 };
    expect(refusal("d.json", `"${"x".repeat(200)}"`, limits).kind).toBe("too-large");
    expect(refusal("d.yaml", `x: ${"y".repeat(200)}`, limits).kind).toBe("too-large");
  });

  it("refuses the billion laughs by counting what the aliases expand to, before building anything", () => {
    const start = performance.now();
    const e = refusal("d.yaml", laughs(10), DOCUMENT_LIMITS);
    expect(e.kind).toBe("too-many-nodes");
    expect(performance.now() - start).toBeLessThan(5000); // generous: building it would take minutes and gigabytes
    // A few aliases within the caps are expanded into a tree (no shared objects).
    const v = parseDocumentText("d.yaml", "a: &x {t: 1}\nb: *x\n") as { a: object; b: object };
    expect(v.b).toEqual({ t: 1 });
    expect(v.b).not.toBe(v.a);
  });

  it("refuses more aliases than the cap and an alias inside its own anchor", () => {
    const many = `a: &x 1\nb: [${Array(60).fill("*x").join(",")}]\n`;
    expect(refusal("d.yaml", many).kind).toBe("too-many-aliases");
    expect(refusal("d.yaml", "a: &x [1, *x]\n").message).toMatch(/refers to a node that contains it/);
    expect(refusal("d.yaml", "a: &x\n  b: *x\n").message).toMatch(/refers to a node that contains it/);
  });

  it("counts a long YAML text with the streaming lexer, stopping at the cap", () => {
    const limits = { ...small, maxNodes: 100 };
    // Longer than twice the cap in characters, few nodes: accepted.
    expect(parseDocumentText("d.yaml", `x: "${"y".repeat(500)}"`, limits)).toEqual({ x: "y".repeat(500) });
    // Many nodes: refused by the bound before js-yaml builds its event list.
    expect(refusal("d.yaml", `[${Array(300).fill("a").join(",")}]`, limits).kind).toBe("too-many-nodes");
    expect(yamlNodeBound(`[${Array(1000).fill("a").join(",")}]`, 50)).toBe(51);
    expect(yamlNodeBound("a:\n  - b\n  - c: d\n", Infinity)).toBeGreaterThanOrEqual(6);
  });

  it("counts JSON nodes outside strings only", () => {
    expect(countJsonNodes('{"a":[1,-2.5e3,true,null,"x,[{"]}')).toBe(8);
    expect(countJsonNodes(JSON.stringify({ k: "v" }))).toBe(3);
  });

  it("reads member names like __proto__ as members, refuses duplicate keys and several documents", () => {
    const v = parseDocumentText("d.yaml", "__proto__: {polluted: 1}\nconstructor: 2\n") as Record<string, unknown>;
    expect(Object.keys(v)).toEqual(["__proto__", "constructor"]);
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(refusal("d.yaml", "a: 1\na: 2\n").message).toMatch(/invalid YAML: duplicated mapping key at line 2/);
    expect(refusal("d.yaml", "a: 1\n---\nb: 2\n").message).toMatch(/more than one document/);
    expect(refusal("d.yaml", "").message).toMatch(/empty/);
  });

  it("reads a JSON member named twice as JSON.parse does (lint's duplicate-key reports it), while YAML forbids it", () => {
    expect(parseDocumentText("d.json", '{"a": 1, "a": 2}')).toEqual({ a: 2 });
    expect(refusal("d.yaml", "a: 1\na: 2\n").message).toMatch(/duplicated mapping key/);
  });

  it("reports a syntax error as one line with its position", () => {
    expect(refusal("d.yaml", "a: [1, 2\nb: c\n").message).toMatch(/^invalid YAML: .* at line \d+, column \d+$/);
    expect(refusal("d.json", "{nope").message).toMatch(/^invalid JSON/);
  });
});
