/**
 * The leaves of the schema arbitraries (decision 323): fast-check arbitraries for one schema's
 * numbers, strings (lengths in code points, the common formats, patterns through
 * `fc.stringMatching`, then matching literal candidates, then plain strings) and any JSON value,
 * and the plain-object copy real payloads are. The diff's builder (src/review/arbitrary.ts) walks
 * a schema down to these; the OpenRPC conformance generator takes its date-time from FORMATS.
 */
import fc from "fast-check";
import { compilePattern } from "./pattern.js";

type Schema = Record<string, unknown>;
type Arb = fc.Arbitrary<unknown>;

const STRING_CANDIDATES = [
  "",
  "a",
  "x",
  "0",
  "1",
  "a:b",
  "src/a.ts:f",
  "/",
  "/a",
  "/a/0",
  "a-b",
  "a_b",
  "A",
  "abc",
  "x y",
  "2024-01-01",
  "2024-01-01T00:00:00Z",
  "00000000-0000-4000-8000-000000000000",
  "a@example.com",
  "https://example.com/",
];

/**
 * A deep copy made of ordinary objects, as JSON.parse would produce: fast-check may build
 * null-prototype objects, which real payloads never are (and which ajv's uniqueItems check
 * cannot compare). Members named `__proto__` stay own data members.
 */
export function plainJson(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(plainJson);
  if (v === null || typeof v !== "object") return Object.is(v, -0) ? 0 : v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v))
    Object.defineProperty(out, k, {
      value: plainJson((v as Record<string, unknown>)[k]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

export function anyJson(): Arb {
  return fc.jsonValue({ maxDepth: 2, noUnicodeString: false } as never).map((v) => v as unknown);
}

function bounds(n: Schema): { min: number; max: number } {
  let min = -1_000_000;
  let max = 1_000_000;
  if (typeof n.minimum === "number") min = Math.max(min, n.minimum);
  if (typeof n.exclusiveMinimum === "number")
    min = Math.max(min, n.exclusiveMinimum + Number.EPSILON * Math.max(1, Math.abs(n.exclusiveMinimum)));
  if (typeof n.maximum === "number") max = Math.min(max, n.maximum);
  if (typeof n.exclusiveMaximum === "number")
    max = Math.min(max, n.exclusiveMaximum - Number.EPSILON * Math.max(1, Math.abs(n.exclusiveMaximum)));
  if (typeof n.minimum === "number" && n.minimum > max) max = n.minimum + 1_000_000;
  if (typeof n.maximum === "number" && n.maximum < min) min = n.maximum - 1_000_000;
  return { min, max };
}

export function integerArb(n: Schema): Arb {
  const { min, max } = bounds(n);
  let lo = Math.ceil(min);
  let hi = Math.floor(max);
  if (typeof n.exclusiveMinimum === "number" && lo <= n.exclusiveMinimum) lo = Math.floor(n.exclusiveMinimum) + 1;
  if (typeof n.exclusiveMaximum === "number" && hi >= n.exclusiveMaximum) hi = Math.ceil(n.exclusiveMaximum) - 1;
  lo = Math.max(lo, Number.MIN_SAFE_INTEGER);
  hi = Math.min(hi, Number.MAX_SAFE_INTEGER);
  if (hi < lo) return fc.constant(lo);
  const m = typeof n.multipleOf === "number" && n.multipleOf > 0 ? n.multipleOf : undefined;
  if (m !== undefined) {
    const a = Math.ceil(lo / m);
    const b = Math.floor(hi / m);
    if (b < a) return fc.constant(lo);
    return fc.integer({ min: a, max: b }).map((k) => k * m);
  }
  const interesting = [0, 1, -1, lo, hi].filter((v) => v >= lo && v <= hi);
  return fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(...interesting) },
    { weight: 4, arbitrary: fc.integer({ min: lo, max: hi }) },
  );
}

export function doubleArb(n: Schema): Arb {
  const { min, max } = bounds(n);
  if (max < min) return fc.constant(min);
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((d) => (Object.is(d, -0) ? 0 : d));
}

export const FORMATS: Record<string, () => Arb> = {
  "date-time": () =>
    fc
      .date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true })
      .map((d) => d.toISOString()),
  date: () =>
    fc
      .date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
  time: () =>
    fc
      .date({ noInvalidDate: true, min: new Date("2000-01-01T00:00:00Z"), max: new Date("2000-01-02T00:00:00Z") })
      .map((d) => d.toISOString().slice(11, 19) + "Z"),
  email: () => fc.emailAddress(),
  uri: () => fc.webUrl(),
  "uri-reference": () => fc.webUrl(),
  url: () => fc.webUrl(),
  uuid: () => fc.uuid(),
  ipv4: () => fc.ipV4(),
  ipv6: () => fc.ipV6(),
  hostname: () => fc.domain(),
};

/** JSON Schema counts lengths in code points: clip or pad a generated string to the bounds. */
function fitCodePoints(s: string, min: number, max: number): string {
  const cps = [...s];
  if (cps.length > max) return cps.slice(0, max).join("");
  if (cps.length < min) return s + "x".repeat(min - cps.length);
  return s;
}

export function stringArb(n: Schema): Arb {
  const minLength = typeof n.minLength === "number" ? n.minLength : 0;
  const maxLength = Math.min(typeof n.maxLength === "number" ? n.maxLength : Infinity, minLength + 24);
  const format = typeof n.format === "string" ? FORMATS[n.format] : undefined;
  if (typeof n.pattern === "string") return patternArb(n.pattern, minLength, maxLength);
  if (format) return format();
  if (maxLength < minLength) return fc.constant("x".repeat(minLength));
  return fc
    .oneof(
      { weight: 4, arbitrary: fc.string({ minLength, maxLength }) },
      { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: "grapheme" }) },
    )
    .map((s) => fitCodePoints(s, minLength, maxLength));
}

/**
 * Pattern fallbacks, first that works: `fc.stringMatching` (lengths fitted to the bounds, falling
 * back to a matching literal when fitting would break the match), matching literal candidates,
 * then plain strings (the validator filters those). fast-check builds strings from the pattern's
 * syntax tree and never runs it; candidates are tested by the linear matcher (decision 252). An
 * undecidable pattern gets plain strings: the validator then says it cannot judge them.
 */
function patternArb(pattern: string, minLength: number, maxLength: number): Arb {
  const plain = () => fc.string({ minLength, maxLength: Number.isFinite(maxLength) ? maxLength : minLength + 12 });
  const unicode = compilePattern(pattern, true);
  const linear = unicode.kind === "invalid" ? compilePattern(pattern, false) : unicode;
  if (linear.kind !== "linear") return plain();
  const re = new RegExp(pattern, linear === unicode ? "u" : "");
  const fits = (s: string) => [...s].length >= minLength && [...s].length <= maxLength;
  const literal = STRING_CANDIDATES.filter((c) => linear.test(c) && fits(c));
  let matching: Arb | undefined;
  try {
    const m = fc.stringMatching(re);
    matching = m.map((s) => (fits(s) ? s : (literal[0] ?? fitCodePoints(s, minLength, maxLength))));
  } catch {
    matching = undefined;
  }
  if (matching && literal.length)
    return fc.oneof({ weight: 5, arbitrary: matching }, { weight: 1, arbitrary: fc.constantFrom(...literal) });
  if (matching) return matching;
  if (literal.length) return fc.constantFrom(...literal);
  return plain();
}
