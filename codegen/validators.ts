/**
 * Precompiled validators: ajv (2020 dialect) standalone code, one export per definition.
 *
 * ajv's standalone output with `esm: true` still calls `require(...)` for format checkers and
 * `ucs2length` (measured with ajv 8.20). We rewrite each such call into a hoisted ESM namespace
 * import of the same CommonJS module and recover `module.exports` from it. Node's ESM loader puts
 * `module.exports` on `default`; bundlers that honour `__esModule` (Vite/vitest) put
 * `exports.default` there instead, so the binding takes whichever is the exports object.
 * See docs/decisions/002-ajv-standalone-esm.md.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import addFormats from "ajv-formats";
import type { SchemaBundle } from "./bundle.js";
import { formatNames } from "ajv-formats/dist/formats.js";
import { optimizeBundle } from "./optimize.js";
import { isAnnotation, mapSchema, type Schema, walkSchema } from "../src/schema/walk.js";
import { rewriteStandalone } from "./standalone-rewrite.js";

export interface ValidatorOptions {
  /** Report every error (slower on invalid data) or stop at the first. */
  allErrors: boolean;
}

export function validatorName(def: string): string {
  return `validate${def}`;
}

/** ajv's standalone output for the bundle, before our rewrites (`require` calls still in place). */
export function standaloneSource(bundle: SchemaBundle, options: ValidatorOptions): string {
  const ajv = new Ajv2020({
    // ajv's optimisation passes over the generated code took 10 of 17 s on a 4 MB description
    // (Stripe) and shrank it by 8%; V8 does the same simplifications when it compiles the code.
    code: { source: true, esm: true, lines: true, optimize: false },
    allErrors: options.allErrors,
    strict: false,
    discriminator: true,
    // Patterns with the "u" flag, the one reading validate checks them by (src/schema/pattern.ts, decision 254).
    unicodeRegExp: true,
    // Members are the value's own: `constructor`, `toString` or `__proto__` are never read from a prototype (issue 32).
    ownProperties: true,
    // A referenced definition is one function, called from every use: ajv's default copied every
    // reference-free target into each use, 2 of Stripe's 10.5 MB of validators (decision 341).
    inlineRefs: false,
  });
  addFormats.default(ajv);
  // A format ajv-formats does not know is an annotation (2020-12's default): accepted as any string,
  // declared so ajv neither warns nor refuses it.
  for (const name of unknownFormats(bundle)) ajv.addFormat(name, true);
  const defs: Schema = {};
  for (const [name, def] of Object.entries(optimizeBundle(bundle).defs))
    define(
      defs,
      name,
      mapSchema(def, (node) => protoAsPattern(withoutAnnotations(node))),
    );
  ajv.addSchema({ $id: bundle.id, $defs: defs });
  const exports: Record<string, string> = {};
  for (const name of Object.keys(bundle.defs)) exports[validatorName(name)] = `${bundle.id}#/$defs/${name}`;
  return standaloneCode.default(ajv, exports);
}

export function generateValidators(
  bundle: SchemaBundle,
  options: ValidatorOptions,
): { js: string; dts: string; ts: string } {
  // Lazy instance paths and cheap length bounds: see codegen/standalone-rewrite.ts.
  const js = hoistRequires(rewriteStandalone(standaloneSource(bundle, options)));
  const imports = [
    `import type { Validator } from "../../json/validator.js";`,
    `import type * as T from "./types.js";`,
  ];
  const names = Object.keys(bundle.defs);
  const dts = [
    ...imports,
    "",
    ...names.map((name) => `export declare const ${validatorName(name)}: Validator<T.${name}>;`),
    "",
  ].join("\n");
  return { js, dts, ts: typedModule(js, imports, names) };
}

/**
 * The validators as one TypeScript module: ajv's standalone code is untyped JavaScript, so the file
 * opts out of type checking (`@ts-nocheck`, which a consumer's strictest settings respect) and each
 * export carries its type as an annotation, which is what declaration emit and the importers read.
 */
export function typedModule(js: string, imports: string[], names: string[]): string {
  const types = new Map(names.map((n) => [validatorName(n), n]));
  // The export lines are found with one scan and the code between them copied once (a `replace`
  // with a callback over Stripe's 8 MB of validators took a quarter of a second).
  const pieces: string[] = [];
  let from = 0;
  for (const m of js.matchAll(/^export const ([A-Za-z_$][\w$]*) = ([A-Za-z_$][\w$]*);$/gm)) {
    const def = types.get(m[1]!);
    if (def === undefined) continue;
    pieces.push(js.slice(from, m.index), `export const ${m[1]}: Validator<T.${def}> = ${m[2]};`);
    from = m.index + m[0].length;
  }
  const exported = pieces.length / 2;
  if (exported !== names.length)
    throw new Error(`ajv's standalone code exported ${exported} of ${names.length} validators`);
  pieces.push(js.slice(from));
  return (
    ["// @ts-nocheck: ajv's standalone code is untyped JavaScript; the exports carry the types.", ...imports, ""].join(
      "\n",
    ) + pieces.join("")
  );
}

/** Replaces `require("m")` with hoisted namespace imports bound to the module's exports object. */
export function hoistRequires(code: string): string {
  const modules: string[] = [];
  const body = code.replace(/require\("([^"]+)"\)/g, (_, spec: string) => {
    let i = modules.indexOf(spec);
    if (i < 0) i = modules.push(spec) - 1;
    return `__req${i}`;
  });
  const imports = modules
    .map((m, i) => {
      const spec = JSON.stringify(m.endsWith(".js") ? m : `${m}.js`);
      return `import * as __ns${i} from ${spec};\nconst __req${i} = typeof __ns${i}.default === "object" && __ns${i}.default !== null ? __ns${i}.default : __ns${i};`;
    })
    .join("\n");
  const withoutStrict = body.replace(/^"use strict";\n?/, "");
  return (imports ? imports + "\n" : "") + withoutStrict.trimEnd() + "\n";
}

const KNOWN_FORMATS: ReadonlySet<string> = new Set(formatNames);

/** Formats the bundle names that ajv-formats does not define, sorted. */
export function unknownFormats(bundle: SchemaBundle): string[] {
  const out = new Set<string>();
  for (const def of Object.values(bundle.defs))
    walkSchema(def, (node) => {
      if (typeof node.format === "string" && !KNOWN_FORMATS.has(node.format)) out.add(node.format);
    });
  return [...out].sort();
}

/**
 * Keywords that assert nothing, and extensions (`x-...`): ajv, as configured here (no `useDefaults`,
 * no `verbose`, no `$comment` hook), reads none of them, but its standalone code carries each
 * validator's whole schema as a constant, descriptions included (a fifth of Stripe's validators, and
 * their non-Latin-1 characters made every pass over the code twice as costly). Left out of the
 * schemas ajv compiles, the verdicts and errors stay the same (decision 341).
 */
function withoutAnnotations(node: Schema): Schema {
  for (const k of Object.keys(node)) if (isAnnotation(k)) delete node[k];
  return node;
}

/**
 * ajv never checks a `properties` member named `__proto__` (it skips the name); the same check as
 * `patternProperties: {"^__proto__$": ...}`, which it runs on the value's own member, is the same
 * rule (a member both name and pattern match meets both; neither is then "additional").
 */
function protoAsPattern(node: Schema): Schema {
  const props = node.properties;
  if (!isObject(props) || !Object.hasOwn(props, "__proto__")) return node;
  const rest: Schema = {};
  for (const [k, v] of Object.entries(props)) if (k !== "__proto__") define(rest, k, v);
  const patterns: Schema = isObject(node.patternProperties) ? { ...node.patternProperties } : {};
  const own = (props as Schema)["__proto__"];
  const key = "^__proto__$";
  patterns[key] = Object.hasOwn(patterns, key) ? { allOf: [patterns[key], own] } : own;
  const out: Schema = {};
  for (const [k, v] of Object.entries(node)) define(out, k, v);
  out.properties = rest;
  out.patternProperties = patterns;
  return out;
}

function isObject(v: unknown): v is Schema {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function define(obj: Schema, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}
