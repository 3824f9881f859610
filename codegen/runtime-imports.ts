/**
 * Where generated code finds its runtime. The generators write imports for the repository's own
 * layout (`../../rpc/client.js` beside src/generated/); code generated for anyone else's registry
 * (`gen --registry DIR --out DIR`) must be self-contained, so those imports — and the ajv helpers the
 * standalone validators call — are rewritten to the published `@contract-suite/runtime`, never to
 * `contract-suite` itself (which carries native modules) and never to a path into our src/.
 */
export type RuntimeMode = "source" | "package";

export const RUNTIME_PACKAGE = "@contract-suite/runtime";

/** The runtime modules the generators import, as written for src/generated/<contract>/. */
const SOURCE_MODULES = new Set([
  "../../json/validator.js",
  "../../rpc/types.js",
  "../../rpc/client.js",
  "../../http/operation.js",
]);
/** The ajv helpers @contract-suite/runtime re-exports (src/ajv-runtime/). */
const AJV_HELPERS = new Set(["ucs2length", "equal", "uri", "validation_error"]);

export class RuntimeImportError extends Error {
  override readonly name = "RuntimeImportError";
}

/** Rewrites one generated file's import specifiers for `mode`; "source" leaves it as written. */
export function rewriteRuntimeImports(body: string, mode: RuntimeMode, file: string): string {
  if (mode === "source") return body;
  return body.replace(/(\bfrom\s+)"([^"]+)"/g, (whole, from: string, spec: string) => {
    if (spec.startsWith("./")) return whole;
    if (SOURCE_MODULES.has(spec)) return `${from}"${RUNTIME_PACKAGE}"`;
    const ajv = /^ajv\/dist\/runtime\/([a-z_0-9]+)\.js$/.exec(spec);
    if (ajv && AJV_HELPERS.has(ajv[1]!)) return `${from}"${RUNTIME_PACKAGE}/ajv/${ajv[1]}.js"`;
    if (spec === "ajv-formats/dist/formats.js") return `${from}"${RUNTIME_PACKAGE}/ajv/formats.js"`;
    throw new RuntimeImportError(
      `${file}: generated code imports "${spec}", which ${RUNTIME_PACKAGE} does not provide`,
    );
  });
}
