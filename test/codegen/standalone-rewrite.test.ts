/**
 * The rewrites of ajv's standalone output (codegen/standalone-rewrite.ts) keep every verdict and
 * every error: for each contract, the plain ajv output and the rewritten output are both loaded as
 * modules and run over the conformance samples, schema-derived values, arbitrary JSON, and the
 * mutations the benchmark uses; verdicts and `errors` (paths included) must be deep-equal.
 */
import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createRequire } from "node:module";
import { loadContract, loadRegistry } from "../../src/contracts/index.js";
import { buildBundle } from "../../codegen/bundle.js";
import { standaloneSource, validatorName } from "../../codegen/validators.js";
import {
  cheapLengthBounds,
  lazyInstancePaths,
  rewriteStandalone,
  StandaloneRewriteError,
} from "../../codegen/standalone-rewrite.js";
import { arbitraryFor } from "../../conformance/openrpc/schema-arbitrary.js";
import { contractSamples } from "../../conformance/index.js";
import { mutations } from "../../src/review/mirror.js";
import { vectorSamples } from "../../conformance/frame-wire/vectors.js";
import { eventMix, largeEventMix } from "../../scripts/bench/validate.js";
import type { JsonValue } from "../../src/json/index.js";

const ROOT = resolve(import.meta.dirname, "../..");
mkdirSync(join(ROOT, ".scratch"), { recursive: true });
const dir = mkdtempSync(join(ROOT, ".scratch", "rewrite-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Fn = ((v: unknown) => boolean) & { errors?: unknown };
let counter = 0;
/**
 * Loads ajv standalone code (its `require` calls left in place) with Node's own CommonJS loader:
 * vitest's module transform takes minutes on the 1.3 MB wright-agent validators.
 */
async function load(code: string): Promise<Record<string, Fn>> {
  const file = join(dir, `v${counter++}.cjs`);
  const cjs = code.replace(/^export const ([\w$]+) = ([\w$]+);$/gm, "exports.$1 = $2;");
  if (/^export /m.test(cjs)) throw new Error("unexpected export form in ajv standalone output");
  writeFileSync(file, cjs);
  return requireFromHere(file) as Record<string, Fn>;
}
const requireFromHere = createRequire(import.meta.url);

const registry = loadRegistry();

/** A few values each definition's own schema describes (where the sampler supports it and stays small). */
function derived(defs: Record<string, unknown>, def: string): unknown[] {
  try {
    return fc.sample(arbitraryFor({ $ref: `#/$defs/${def}` }, { methods: [], $defs: defs } as never), {
      seed: 7,
      numRuns: 6,
    });
  } catch {
    return []; // recursive or unsupported shapes: the other samples cover them
  }
}

describe("standalone rewrites keep verdicts and errors", () => {
  for (const entry of registry.contracts) {
    it(`${entry.name}: plain and rewritten ajv output agree on every sample and mutation`, async () => {
      const contract = await loadContract(registry, entry);
      const { bundle } = buildBundle(contract);
      const allErrors = entry.kind === "openrpc";
      const raw = standaloneSource(bundle, { allErrors });
      const plain = await load(raw);
      const rewritten = await load(rewriteStandalone(raw));
      // The bench's mixes are frame-wire events: they reach past the first check only there.
      const events = entry.name.startsWith("frame-wire")
        ? [...eventMix().filter((_, i) => i % 3 === 0), ...largeEventMix()]
        : [];
      const shared: unknown[] = [
        // Other contracts' definitions reject frame-wire values near the top: a slice is enough there.
        ...vectorSamples().slice(0, entry.name.startsWith("frame-wire") ? undefined : 40),
        ...contractSamples(entry.name),
        ...fc.sample(fc.jsonValue({ maxDepth: 3 }), { seed: 3, numRuns: 30 }),
        { "a/b~c": [{ "~": { "/": 1 } }], "": null },
        // Not JSON: fails even where every JSON value is valid.
        { deep: [1, { x: undefined }] },
      ];
      let compared = 0;
      let failures = 0;
      for (const def of Object.keys(bundle.defs)) {
        const a = plain[validatorName(def)]!;
        const b = rewritten[validatorName(def)]!;
        // The sampler stalls on some wright-agent results (CompileResult): those contracts get the shared seeds only.
        const values = [...(entry.name.startsWith("wright-agent") ? [] : derived(bundle.defs, def)), ...shared].flatMap(
          (seed) => [seed, ...mutations(seed as JsonValue)].slice(0, 24),
        );
        // The bench mixes already hold their mutations (every one of them is compared).
        if (def === "FrameEvent") values.push(...events);
        for (const v of values) {
          const va = a(v);
          const ea = JSON.stringify(a.errors);
          const vb = b(v);
          compared++;
          if (!va) failures++;
          if (va !== vb) expect.fail(`${entry.name}/${def} verdicts differ on ${JSON.stringify(v)}`);
          if (JSON.stringify(b.errors) !== ea)
            expect(JSON.parse(JSON.stringify(b.errors)), `${entry.name}/${def} errors on ${JSON.stringify(v)}`).toEqual(
              JSON.parse(ea),
            );
        }
      }
      expect(compared).toBeGreaterThan(1000);
      expect(failures).toBeGreaterThan(0);
    }, 120_000);
  }

  it("a caller-supplied instancePath still prefixes every error", async () => {
    const contract = await loadContract(registry, registry.contracts.find((c) => c.name === "frame-wire")!);
    const raw = standaloneSource(buildBundle(contract).bundle, { allErrors: false });
    const [plain, rewritten] = [await load(raw), await load(rewriteStandalone(raw))];
    const bad = {
      type: "block_delta",
      index: 0,
      block_id: "b",
      seq: 0,
      delta: { op: "field_set", path: "/x", value: { k: [1, { "a/b": undefined }] } },
    };
    const call = (f: Fn) => (f as unknown as (d: unknown, o: object) => boolean)(bad, { instancePath: "/events/3" });
    expect(call(plain.validateFrameEvent!)).toBe(false);
    expect(call(rewritten.validateFrameEvent!)).toBe(false);
    expect(rewritten.validateFrameEvent!.errors).toEqual(plain.validateFrameEvent!.errors);
    expect((rewritten.validateFrameEvent!.errors as { instancePath: string }[])[0]!.instancePath).toBe(
      "/events/3/delta/value/k/1/a~1b",
    );
  });
});

describe("rewrite rules", () => {
  const sig =
    'function validate1(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){';
  it("refuses code that uses its evaluation context for more than passing it on", () => {
    expect(() => lazyInstancePaths([sig, "if(rootData.x){", "}"].join("\n"))).toThrow(StandaloneRewriteError);
    expect(() =>
      lazyInstancePaths(
        [
          sig,
          'if(!(validate2(data.a, {instancePath:instancePath+"/a",parentData:data,parentDataProperty:"a",rootData,dynamicAnchors}))){',
          "errors++;",
        ].join("\n"),
      ),
    ).toThrow(StandaloneRewriteError);
    expect(() => lazyInstancePaths("function validate3(data, {instancePath}){")).toThrow(StandaloneRewriteError);
  });

  it("calls sub-validators with the value alone and builds the path only on failure", () => {
    const out = lazyInstancePaths(
      [
        sig,
        'if(!(validate2(data.a, {instancePath:instancePath+"/a",parentData:data,parentDataProperty:"a",rootData,dynamicAnchors}))){',
        "vErrors = vErrors === null ? validate2.errors : vErrors.concat(validate2.errors);",
      ].join("\n"),
    );
    expect(out).toContain('if(!(validate2(data.a))){\n__prefixPaths(validate2.errors, instancePath+"/a");');
    expect(out).not.toMatch(/parentData|rootData|dynamicAnchors/);
  });

  it("decides minLength/maxLength by .length where it settles them, counting code points otherwise", async () => {
    const code = cheapLengthBounds(
      'const func1 = require("ajv/dist/runtime/ucs2length").default;\nexports.min1 = (s) => func1(s) < 1;\nexports.min3 = (s) => func1(s) < 3;\nexports.max2 = (s) => func1(s) > 2;',
    );
    expect(code).toContain("(s.length < 1)");
    const m = await load(code);
    const ucs2 = (s: string) => [...s].length;
    for (const s of [
      "",
      "a",
      "ab",
      "abc",
      "😀",
      "😀😀",
      "😀😀😀",
      "a😀",
      "😀a😀",
      "\ud800",
      "\ud800\ud800",
      "abcd",
      "😀😀a",
    ]) {
      expect(m.min1!(s), s).toBe(ucs2(s) < 1);
      expect(m.min3!(s), s).toBe(ucs2(s) < 3);
      expect(m.max2!(s), s).toBe(ucs2(s) > 2);
    }
  });
});
