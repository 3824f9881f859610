/**
 * rfc6901: a JSON Pointer implementation evaluates as RFC 6901 says (section 5 examples, escapes,
 * the array-index grammar without leading zeros, own members only) and, in receiver mode, refuses
 * `__proto__`, `constructor` and `prototype` at every position (frame-wire's receiver rule).
 */
import fc from "fast-check";
import { expect, property, type Suite } from "../harness/check.js";

export type PointerMode = "plain" | "receiver";

export interface PointerTarget {
  /** Unescaped reference tokens; throws on a syntax error. */
  parse(pointer: string): string[];
  format(tokens: readonly string[]): string;
  escape(token: string): string;
  /** Throws on an invalid escape. */
  unescape(token: string): string;
  /** `found: false` when the pointer does not resolve or is refused. */
  evaluate(document: unknown, pointer: string, mode: PointerMode): { found: true; value: unknown } | { found: false };
}

/** RFC 6901 section 5. */
export const RFC_DOCUMENT = JSON.parse(`{
  "foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\\\j": 5, "k\\"l": 6, " ": 7, "m~n": 8
}`);
export const RFC_EXAMPLES: [string, unknown][] = [
  ["", RFC_DOCUMENT],
  ["/foo", ["bar", "baz"]],
  ["/foo/0", "bar"],
  ["/", 0],
  ["/a~1b", 1],
  ["/c%d", 2],
  ["/e^f", 3],
  ["/g|h", 4],
  ["/i\\j", 5],
  ['/k"l', 6],
  ["/ ", 7],
  ["/m~0n", 8],
];

export const FORBIDDEN = ["__proto__", "constructor", "prototype"] as const;

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const token = fc.string({ unit: fc.constantFrom("a", "b", "~", "/", "0", "1", "_", "é", "%"), maxLength: 6 });
const tokens = fc.array(fc.oneof(token, fc.string({ maxLength: 5 })), { maxLength: 6 });
const escapeTarget = (t: PointerTarget, tok: string) => t.escape(tok);

/** A document with a path of objects/arrays of `depth` levels and the tokens that walk it. */
const nestedPath = fc
  .array(
    fc.oneof(
      fc.record({ kind: fc.constant("array" as const), index: fc.integer({ min: 0, max: 3 }) }),
      fc.record({ kind: fc.constant("object" as const), key: fc.string({ maxLength: 4 }) }),
    ),
    { minLength: 1, maxLength: 5 },
  )
  .map((steps) => {
    const leaf = { leaf: true };
    let doc: unknown = leaf;
    for (let i = steps.length - 1; i >= 0; i--) {
      const s = steps[i]!;
      if (s.kind === "array") {
        const arr: unknown[] = Array.from({ length: s.index + 1 }, (_, j) => j);
        arr[s.index] = doc;
        doc = arr;
      } else
        doc = Object.defineProperty({}, s.key, { value: doc, enumerable: true, writable: true, configurable: true });
    }
    return { doc, steps, tokens: steps.map((s) => (s.kind === "array" ? String(s.index) : s.key)) };
  });

function protoSnapshot(): string {
  return Object.getOwnPropertyNames(Object.prototype).sort().join(",");
}

export const rfc6901Suite: Suite<PointerTarget> = {
  name: "rfc6901",
  description: "RFC 6901 evaluation, escapes, index grammar and the frame-wire receiver rule.",
  checks: [
    {
      id: "rfc6901/section-5-examples",
      title: "The RFC's example document evaluates as section 5 says",
      doc: "Every pointer of RFC 6901 section 5 evaluates to the value the RFC lists, in plain and receiver mode.",
      run(t) {
        for (const mode of ["plain", "receiver"] as const) {
          for (const [p, expected] of RFC_EXAMPLES) {
            const r = t.evaluate(RFC_DOCUMENT, p, mode);
            expect(
              r.found && deepEqual(r.value, expected),
              `${mode}: ${JSON.stringify(p)} should evaluate to ${JSON.stringify(expected)}`,
              p,
            );
          }
        }
      },
    },
    {
      id: "rfc6901/escape-round-trip",
      title: "escape/unescape round-trip for arbitrary keys",
      doc: "unescape(escape(k)) is k for every string, and an escaped token has no '/' and uses '~' only as ~0 or ~1.",
      run: (t, ctx) =>
        property(ctx, 500, fc.oneof(token, fc.string()), (k) => {
          const e = escapeTarget(t, k);
          expect(!e.includes("/") && !/~(?![01])/.test(e), "escaped token is not clean", { k, e });
          expect(t.unescape(e) === k, "unescape(escape(k)) !== k", k);
        }),
    },
    {
      id: "rfc6901/parse-format-round-trip",
      title: "parse/format round-trip",
      doc: "parse(format(tokens)) gives the tokens back, and format(parse(p)) gives p back, for arbitrary tokens.",
      run: (t, ctx) =>
        property(ctx, 500, tokens, (ts) => {
          const p = t.format(ts);
          expect(deepEqual(t.parse(p), ts), "parse(format(tokens)) differs", ts);
          expect(t.format(t.parse(p)) === p, "format(parse(p)) differs", p);
        }),
    },
    {
      id: "rfc6901/invalid-syntax-refused",
      title: "Malformed pointers and escapes are refused",
      doc: "A pointer not starting with '/', and '~' not followed by 0 or 1, are syntax errors; evaluation finds nothing.",
      run(t) {
        for (const bad of ["foo", "~0", "/a~2", "/a~", "/~x/0"]) {
          let threw = false;
          try {
            t.parse(bad);
          } catch {
            threw = true;
          }
          expect(threw, `parse accepted ${JSON.stringify(bad)}`, bad);
          expect(!t.evaluate({ a: 1, foo: 1 }, bad, "plain").found, `evaluate resolved ${JSON.stringify(bad)}`, bad);
        }
      },
    },
    {
      id: "rfc6901/walks-nested-paths",
      title: "Evaluation walks arbitrary nesting",
      doc: "For generated documents, the pointer formatted from the path's tokens reaches the leaf.",
      run: (t, ctx) =>
        property(ctx, 300, nestedPath, ({ doc, tokens: ts }) => {
          const r = t.evaluate(doc, t.format(ts), "plain");
          expect(r.found && deepEqual(r.value, { leaf: true }), "did not reach the leaf", ts);
        }),
    },
    {
      id: "rfc6901/leading-zero-refused",
      title: "Array indices with leading zeros are refused at every position",
      doc: "The index grammar is 0 / (%x31-39 *DIGIT): '01' never addresses element 1 of an array, wherever it stands in the pointer; as an object member name '01' is an ordinary key.",
      run: (t, ctx) =>
        property(ctx, 300, nestedPath, fc.integer({ min: 1, max: 2 }), ({ doc, steps, tokens: ts }, zeros) => {
          steps.forEach((s, i) => {
            if (s.kind !== "array") return;
            const bad = [...ts];
            bad[i] = "0".repeat(zeros) + ts[i];
            for (const mode of ["plain", "receiver"] as const)
              expect(
                !t.evaluate(doc, t.format(bad), mode).found,
                `${mode}: leading-zero index resolved at position ${i}`,
                bad,
              );
          });
          const keyed = t.evaluate({ items: { "01": "x" } }, "/items/01", "plain");
          expect(keyed.found && keyed.value === "x", '"01" as an object key must resolve');
        }),
    },
    {
      id: "rfc6901/own-members-only",
      title: "Only own members are traversed",
      doc: "Inherited members (toString, constructor, __proto__, length of an array) are never found in plain mode; an own member named constructor is addressed like any other key.",
      run(t) {
        for (const p of ["/toString", "/constructor", "/__proto__", "/hasOwnProperty", "/a/constructor/name"]) {
          expect(!t.evaluate({ a: {} }, p, "plain").found, `plain mode resolved inherited ${p}`, p);
        }
        expect(!t.evaluate([1, 2], "/length", "plain").found, "plain mode resolved /length of an array");
        const own = t.evaluate(
          JSON.parse('{"constructor":{"name":"mine"},"__proto__":{"x":1}}'),
          "/constructor/name",
          "plain",
        );
        expect(own.found && own.value === "mine", "plain mode must address an own member named constructor");
        const proto = t.evaluate(JSON.parse('{"__proto__":{"x":1}}'), "/__proto__/x", "plain");
        expect(proto.found && proto.value === 1, "plain mode must address an own member named __proto__");
      },
    },
    {
      id: "rfc6901/receiver-forbidden-members",
      title: "Receiver mode refuses __proto__, constructor and prototype at every position",
      doc: "In receiver mode a pointer naming one of the three members at any position is refused, even where the document has it as an own member.",
      run: (t, ctx) =>
        property(ctx, 300, nestedPath, fc.constantFrom(...FORBIDDEN), fc.nat(), ({ tokens: ts }, member, at) => {
          const position = at % (ts.length + 1);
          const bad = [...ts.slice(0, position), member, ...ts.slice(position)];
          // A document where the path exists as own members, so only the rule can refuse it.
          let doc: unknown = 1;
          for (let i = bad.length - 1; i >= 0; i--)
            doc = Object.defineProperty({}, bad[i]!, {
              value: doc,
              enumerable: true,
              writable: true,
              configurable: true,
            });
          expect(t.evaluate(doc, t.format(bad), "plain").found, "plain mode must resolve the own-member path", bad);
          expect(
            !t.evaluate(doc, t.format(bad), "receiver").found,
            `receiver mode resolved ${member} at position ${position}`,
            bad,
          );
        }),
    },
    {
      id: "rfc6901/no-prototype-pollution",
      title: "No input changes Object.prototype",
      doc: "Evaluating arbitrary pointers, including the three forbidden members, over documents parsed from JSON with __proto__ keys leaves Object.prototype unchanged.",
      run: (t, ctx) => {
        const before = protoSnapshot();
        return property(ctx, 300, tokens, fc.constantFrom("plain" as const, "receiver" as const), (ts, mode) => {
          const doc = JSON.parse(
            '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"a":[{"__proto__":{}}]}',
          );
          for (const extra of [[], ["__proto__"], ["constructor", "prototype"], ["a", "0", "__proto__"]])
            t.evaluate(doc, t.format([...extra, ...ts]), mode);
          expect(protoSnapshot() === before && !("polluted" in {}), "Object.prototype changed", ts);
        });
      },
    },
  ],
};
