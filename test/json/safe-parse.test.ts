import { describe, expect, it } from "vitest";
import { JsonParseError, parseJson, tryParseJson } from "../../src/json/index.js";

const protoKeys = () => Object.getOwnPropertyNames(Object.prototype).sort().join(",");

describe("parseJson", () => {
  it("parses ordinary JSON", () => {
    expect(parseJson('{"a":[1,"x",null,true,{"b":3.5}]}')).toEqual({ a: [1, "x", null, true, { b: 3.5 }] });
    expect(parseJson(Buffer.from('"é"'))).toBe("é");
  });

  it("refuses 100,000-deep nesting with a clear error, before JSON.parse sees it", () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    const r = tryParseJson(deep);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.kind).toBe("too-deep");
      expect(r.error.message).toMatch(/deeper than 512/);
    }
    const objs = '{"a":'.repeat(100_000) + "1" + "}".repeat(100_000);
    expect(() => parseJson(objs)).toThrow(JsonParseError);
  });

  it("does not count brackets inside strings as nesting", () => {
    expect(parseJson(JSON.stringify({ s: "[".repeat(10_000) + '\\"{' }))).toEqual({ s: "[".repeat(10_000) + '\\"{' });
  });

  it("a large maxDepth still fails cleanly when JSON.parse itself overflows", () => {
    const r = tryParseJson("[".repeat(100_000) + "]".repeat(100_000), { maxDepth: 1_000_000 });
    // Either V8 parses it, or the overflow is reported as too-deep; never an uncaught RangeError.
    if (!r.ok) expect(r.error.kind).toBe("too-deep");
  });

  it("refuses a 100 MB body by size without parsing it", () => {
    const big = Buffer.alloc(100 * 1024 * 1024, 0x20);
    const r = tryParseJson(big);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.kind).toBe("too-large");
    const asString = '"' + "x".repeat(100 * 1024 * 1024) + '"';
    expect(tryParseJson(asString).ok).toBe(false);
    expect(tryParseJson(asString, { maxBytes: 200 * 1024 * 1024 }).ok).toBe(true);
  });

  it('keeps {"__proto__":{"x":1}} as a clean own member and leaves Object.prototype alone', () => {
    const before = protoKeys();
    const v = parseJson('{"__proto__":{"x":1},"a":{"__proto__":{"polluted":true}}}') as Record<string, unknown>;
    expect(Object.prototype.hasOwnProperty.call(v, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect((v as { x?: unknown }).x).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(protoKeys()).toBe(before);
  });

  it("can reject __proto__ members outright", () => {
    const r = tryParseJson('{"a":[{"__proto__":1}]}', { protoKey: "reject" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.kind).toBe("forbidden-key");
    expect(tryParseJson('{"a":"__proto__"}', { protoKey: "reject" }).ok).toBe(true);
  });

  it("reports syntax errors with a position", () => {
    const r = tryParseJson('{"a":1,\n "b": }');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.kind).toBe("syntax");
      expect(r.error.message).toMatch(/invalid JSON/);
    }
    expect(tryParseJson(Buffer.from([0xff, 0xfe])).ok).toBe(false);
  });

  describe("duplicate member names (decision 262)", () => {
    const refused = (text: string) => {
      const r = tryParseJson(text);
      if (r.ok) throw new Error(`accepted ${text}`);
      expect(r.error.kind).toBe("duplicate-key");
      return r.error;
    };
    it("are refused by default, naming the member and where it repeats", () => {
      const e = refused('{"op":"capabilities","op":"compile"}');
      expect(e.message).toBe('JSON input names the member "op" twice in one object (line 1, column 22)');
      expect(e.position).toBe(21);
    });
    it("are found nested, in arrays, spelled with escapes, and as __proto__", () => {
      expect(refused('[1,{"a":{"b":1,"c":[{"x":1,"x":2}]}}]').message).toMatch(/"x" twice/);
      expect(refused('{"a":1,"\\u0061":2}').message).toMatch(/"a" twice/);
      expect(refused('{"__proto__":1,"__proto__":2}').message).toMatch(/"__proto__" twice/);
      expect(refused('{ "k" : 1 ,\n "k" : 2 }').position).toBe(13);
    });
    it("the same name in different objects, and colons inside strings, are not duplicates", () => {
      expect(parseJson('{"a":{"a":1},"b":[{"a":2},{"a":3}]}')).toEqual({ a: { a: 1 }, b: [{ a: 2 }, { a: 3 }] });
      expect(parseJson('{"url":"http://x:80/a:b","t":"12:00:01","k:":"\\":"}')).toEqual({
        url: "http://x:80/a:b",
        t: "12:00:01",
        "k:": '":',
      });
      expect(parseJson('["a:b",":"]')).toEqual(["a:b", ":"]);
    });
    it('"last-wins" keeps JSON.parse\'s reading', () => {
      expect(parseJson('{"op":"capabilities","op":"compile"}', { duplicateKeys: "last-wins" })).toEqual({
        op: "compile",
      });
    });
  });
});
