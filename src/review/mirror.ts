/**
 * The mirror check: a JSON Schema contract and the OpenAPI document that mirrors it must describe
 * the same definitions, property by property. Exactly the design note's translation conventions
 * are understood: a `const` may appear as a one-member `enum`; a reference to an external file
 * (`./forge_block.json`) appears as `#/components/schemas/<Name>`; internal references `#/$defs/X`
 * are `#/components/schemas/X` (both sides are flattened into named definitions by codegen's
 * bundle, so references compare by name). Every other difference is a defect. Then both sides'
 * validators are run over samples (known-valid values and mutations of them): a value one side
 * accepts and the other rejects is a defect, reported with the value and the path.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { basename } from "node:path";
import { findContract, loadContract, type Registry } from "../contracts/index.js";
import { buildBundle, definitionName, definitionRef, type Schema, type SchemaBundle } from "../schema/bundle.js";
import { escapeToken, parsePointer, setOwn, type JsonValue } from "../json/index.js";
import { DOCUMENT_ROOT_KEYWORDS, mapSchema } from "../schema/walk.js";

export interface MirrorDefect {
  /** `<Definition>/<path inside it>` */
  path: string;
  kind: "invalid-document" | "missing-definition" | "keyword-differs" | "keyword-missing" | "verdict-differs";
  message: string;
  /** For verdict differences: the value one side accepts and the other rejects. */
  value?: JsonValue;
  jsonSchema?: unknown;
  openapi?: unknown;
}

export interface MirrorReport {
  contract: string;
  mirror: string;
  definitions: number;
  samples: number;
  defects: MirrorDefect[];
}

const isObject = (v: unknown): v is Schema => typeof v === "object" && v !== null && !Array.isArray(v);

/** Keywords describing a document, not a definition (they sit on the external file's root). */
const DOCUMENT_KEYWORDS = new Set([...DOCUMENT_ROOT_KEYWORDS, "x-version", "$comment"]);

/**
 * Applies convention 1 (const -> one-member enum) to every schema object, and renames references
 * (src/schema/walk.ts's table says which members are subschemas; data such as `enum`, `default`
 * and `examples` is copied as it is).
 */
function canonical(node: unknown, rename: Map<string, string>): unknown {
  return mapSchema(node, (n) => {
    const out: Schema = {};
    for (const [k, v] of Object.entries(n)) {
      if (k === "const") setOwn<unknown>(out, "enum", [v]);
      else if (k === "$ref" && definitionName(v) !== undefined) {
        const name = definitionName(v)!;
        setOwn<unknown>(out, "$ref", definitionRef(rename.get(name) ?? name));
      } else setOwn<unknown>(out, k, v);
    }
    return out;
  });
}

/**
 * Definitions of one side, canonical. A definition the bundle renamed only because an external
 * file defines its own copy (e.g. forge_block.json's local JsonValue became ForgeBlockJsonValue)
 * folds back into the entry's definition when it is identical; otherwise both stay and differ.
 */
function definitions(bundle: SchemaBundle): Map<string, Schema> {
  const rename = new Map<string, string>();
  const base = (name: string) => {
    const origin = bundle.origins[name] ?? "";
    const pointer = origin.slice(origin.indexOf("#") + 1);
    if (pointer === "") return name;
    return parsePointer(pointer).pop() ?? name;
  };
  for (const name of Object.keys(bundle.defs)) {
    const b = base(name);
    if (b !== name && bundle.defs[b]) {
      const renameOne = new Map([[name, b]]);
      if (
        JSON.stringify(canonical(bundle.defs[name], renameOne)) === JSON.stringify(canonical(bundle.defs[b], renameOne))
      )
        rename.set(name, b);
    }
  }
  const out = new Map<string, Schema>();
  for (const [name, schema] of Object.entries(bundle.defs)) {
    if (rename.has(name)) continue;
    const origin = bundle.origins[name] ?? "";
    const isFileRoot = origin.endsWith("#");
    const stripped = isFileRoot
      ? Object.fromEntries(Object.entries(schema).filter(([k]) => !DOCUMENT_KEYWORDS.has(k)))
      : schema;
    out.set(name, canonical(stripped, rename) as Schema);
  }
  return out;
}

function compare(a: unknown, b: unknown, path: string, defects: MirrorDefect[]): void {
  if (isObject(a) && isObject(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const p = `${path}/${escapeToken(k)}`;
      if (!(k in b))
        defects.push({ path: p, kind: "keyword-missing", message: `only the JSON Schema has ${k}`, jsonSchema: a[k] });
      else if (!(k in a))
        defects.push({
          path: p,
          kind: "keyword-missing",
          message: `only the OpenAPI document has ${k}`,
          openapi: b[k],
        });
      else compare(a[k], b[k], p, defects);
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    a.forEach((v, i) => compare(v, b[i], `${path}/${i}`, defects));
    return;
  }
  if (JSON.stringify(a) !== JSON.stringify(b))
    defects.push({
      path,
      kind: "keyword-differs",
      message: `JSON Schema ${JSON.stringify(a)} vs OpenAPI ${JSON.stringify(b)}`,
      jsonSchema: a,
      openapi: b,
    });
}

function validators(bundle: SchemaBundle) {
  const ajv = new Ajv2020({ strict: false, logger: false });
  addFormats.default(ajv);
  ajv.addSchema({ $id: bundle.id, $defs: bundle.defs });
  return (name: string) =>
    ajv.getSchema(`${bundle.id}#/$defs/${name}`) ?? ajv.compile({ $ref: `${bundle.id}#/$defs/${name}` });
}

/** Mutations of a valid value that are likely to sit on a schema boundary. */
export function* mutations(value: JsonValue): Generator<JsonValue> {
  const swaps: JsonValue[] = [null, true, 0, 1.5, -1, "", "x", [], {}, [null], { a: 1 }];
  for (const s of swaps) yield s;
  if (Array.isArray(value)) {
    yield [];
    if (value.length) yield value.slice(1);
    for (let i = 0; i < value.length; i++)
      for (const m of mutations(value[i]!)) yield value.map((x, j) => (j === i ? m : x));
  } else if (isObject(value)) {
    const obj = value as Record<string, JsonValue>;
    yield { ...obj, unexpectedMember: 1 };
    for (const k of Object.keys(obj)) {
      const rest = { ...obj };
      delete rest[k];
      yield rest;
      for (const s of swaps) yield { ...obj, [k]: s };
      if (typeof obj[k] === "string") yield { ...obj, [k]: `${obj[k]}-changed` };
    }
  }
}

export interface MirrorOptions {
  /**
   * Seed values (e.g. the conformance vectors' events). Every value and every value nested in it is
   * offered to every definition; those the JSON Schema accepts become that definition's samples.
   */
  seeds?: JsonValue[];
  /** Most samples kept per definition before mutation. Default 60. */
  perDefinition?: number;
}

function* subValues(v: JsonValue): Generator<JsonValue> {
  yield v;
  if (Array.isArray(v)) for (const x of v) yield* subValues(x);
  else if (isObject(v)) for (const x of Object.values(v as Record<string, JsonValue>)) yield* subValues(x);
}

export async function runMirror(
  registry: Registry,
  openapiName: string,
  options: MirrorOptions = {},
): Promise<MirrorReport> {
  const mirrorEntry = findContract(registry, openapiName);
  if (!mirrorEntry.mirrors)
    throw new Error(`contract "${openapiName}" does not mirror anything (no "mirrors" in the registry)`);
  const source = await loadContract(registry, findContract(registry, mirrorEntry.mirrors));
  const mirror = await loadContract(registry, mirrorEntry);
  const invalid = [...source.problems, ...mirror.problems];
  if (invalid.length > 0) {
    const defects = invalid.map(
      (p): MirrorDefect => ({
        path: `${p.file}#${p.pointer}`,
        kind: "invalid-document",
        message: `[${p.rule}] ${p.message}`,
      }),
    );
    return { contract: source.entry.name, mirror: openapiName, definitions: 0, samples: 0, defects };
  }
  const a = buildBundle(source).bundle;
  const b = buildBundle(mirror).bundle;
  // OpenAPI-only definitions for operations (request bodies, inline responses) mirror nothing.
  const mirrorDefs = new Map(
    [...definitions(b)].filter(([name]) => (b.origins[name] ?? "").includes("#/components/schemas/")),
  );
  const sourceDefs = definitions(a);
  const defects: MirrorDefect[] = [];
  for (const name of new Set([...sourceDefs.keys(), ...mirrorDefs.keys()])) {
    const x = sourceDefs.get(name);
    const y = mirrorDefs.get(name);
    if (!x)
      defects.push({ path: name, kind: "missing-definition", message: `${name} is in the OpenAPI document only` });
    else if (!y)
      defects.push({
        path: name,
        kind: "missing-definition",
        message: `${name} is in the JSON Schema only (${basename(a.origins[name] ?? "")})`,
      });
    else compare(x, y, name, defects);
  }
  // Cross-validation: the same value must get the same verdict on both sides.
  const va = validators(a);
  const vb = validators(b);
  let samples = 0;
  const limit = options.perDefinition ?? 60;
  for (const name of sourceDefs.keys()) {
    if (!mirrorDefs.has(name)) continue;
    const fa = va(name);
    const fb = vb(name);
    const values: JsonValue[] = [];
    const taken = new Set<string>();
    for (const seed of options.seeds ?? []) {
      for (const v of subValues(seed)) {
        const key = JSON.stringify(v);
        // A value either side accepts is a sample: a drift can make the JSON Schema the stricter one.
        if (values.length < limit && !taken.has(key) && (fa(v) || fb(v))) {
          taken.add(key);
          values.push(v);
        }
      }
    }
    const seen = new Set<string>();
    let reported = 0;
    for (const valid of values) {
      for (const value of [valid, ...mutations(valid)]) {
        const key = JSON.stringify(value);
        if (seen.has(key)) continue;
        seen.add(key);
        samples++;
        const ra = fa(value);
        const rb = fb(value);
        if (ra !== rb && reported++ < 3) {
          defects.push({
            path: name,
            kind: "verdict-differs",
            message: `the JSON Schema ${ra ? "accepts" : "rejects"} and the OpenAPI document ${rb ? "accepts" : "rejects"} this value`,
            value,
          });
        }
      }
    }
  }
  return { contract: source.entry.name, mirror: openapiName, definitions: sourceDefs.size, samples, defects };
}
