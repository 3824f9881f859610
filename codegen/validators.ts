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
import { optimizeBundle } from "./optimize.js";
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
    code: { source: true, esm: true, lines: true },
    allErrors: options.allErrors,
    strict: false,
    discriminator: true,
  });
  addFormats.default(ajv);
  ajv.addSchema({ $id: bundle.id, $defs: optimizeBundle(bundle).defs });
  const exports: Record<string, string> = {};
  for (const name of Object.keys(bundle.defs)) exports[validatorName(name)] = `${bundle.id}#/$defs/${name}`;
  return standaloneCode.default(ajv, exports);
}

export function generateValidators(bundle: SchemaBundle, options: ValidatorOptions): { js: string; dts: string } {
  // Lazy instance paths and cheap length bounds: see codegen/standalone-rewrite.ts.
  const js = hoistRequires(rewriteStandalone(standaloneSource(bundle, options)));
  const dts = [
    `import type { Validator } from "../../json/validator.js";`,
    `import type * as T from "./types.js";`,
    "",
    ...Object.keys(bundle.defs).map((name) => `export declare const ${validatorName(name)}: Validator<T.${name}>;`),
    "",
  ].join("\n");
  return { js, dts };
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
