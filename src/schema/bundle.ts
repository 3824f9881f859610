/**
 * Turns a loaded contract of any kind into one flat JSON Schema bundle: named definitions under
 * `$defs`, every `$ref` rewritten to `#/$defs/<Name>`. Types and validators are generated from the
 * bundle, so every kind (JSON Schema, OpenRPC, OpenAPI) goes through the same two generators.
 */
import { basename, extname } from "node:path";
import type { LoadedContract } from "../contracts/index.js";
import { lookupRef } from "../contracts/index.js";
import { escapeToken, parsePointer, setOwn, unescapeToken } from "../json/index.js";
import { pascalCase } from "./names.js";
import { DEFINITION_KEYWORDS, DOCUMENT_ROOT_KEYWORDS, mapSchema } from "./walk.js";

export type Schema = Record<string, unknown>;

export interface SchemaBundle {
  /** `$id` of the bundle, `urn:contract-suite:<contract>`. */
  id: string;
  /** Named definitions, in a stable order (document order). */
  defs: Record<string, Schema>;
  /** For each definition, where it came from (file#pointer), for headers and error messages. */
  origins: Record<string, string>;
}

/** One OpenRPC method as codegen sees it. */
export interface MethodInfo {
  name: string;
  summary?: string;
  description?: string;
  paramStructure: "by-name" | "by-position" | "either";
  params: { name: string; required: boolean; description?: string }[];
  paramsType: string;
  resultType: string;
  errors: { code: number; message: string }[];
}

const DEFINITION_PREFIX = "#/$defs/";

/** The `$ref` naming bundle definition `name`: `#/$defs/<Name>`, the name escaped as a pointer token (src/json). */
export function definitionRef(name: string): string {
  return DEFINITION_PREFIX + escapeToken(name);
}

/** The bundle definition a `$ref` names (`#/$defs/<Name>`, its token unescaped), or undefined for any other reference. */
export function definitionName(ref: unknown): string | undefined {
  if (typeof ref !== "string" || !ref.startsWith(DEFINITION_PREFIX)) return undefined;
  const token = ref.slice(DEFINITION_PREFIX.length);
  if (token === "" || token.includes("/")) return undefined;
  try {
    return unescapeToken(token);
  } catch {
    return undefined; // a malformed escape names no definition
  }
}

/** One OpenAPI operation as codegen sees it. */
export interface OperationInfo {
  operationId: string;
  /** Pascal-case base for generated type names. */
  typeBase: string;
  method: string;
  path: string;
  summary?: string;
  description?: string;
  parameters: { name: string; in: "path" | "query" | "header"; required: boolean; tsType: string }[];
  requestBody?: { contentType: string; type: string; required: boolean };
  responses: {
    status: string;
    contentType?: string;
    kind: "json" | "event-stream" | "other" | "none";
    type?: string;
    itemType?: string;
  }[];
}

type Key = string; // `${file}#${pointer}`

class Namer {
  readonly names = new Map<Key, string>();
  private readonly used = new Set<string>();
  claim(key: Key, preferred: string, fallbackPrefix: string): string {
    const existing = this.names.get(key);
    if (existing) return existing;
    let name = preferred;
    if (this.used.has(name)) name = `${fallbackPrefix}${preferred}`;
    for (let i = 2; this.used.has(name); i++) name = `${preferred}${i}`;
    this.used.add(name);
    this.names.set(key, name);
    return name;
  }
}

function isObject(v: unknown): v is Schema {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function buildBundle(contract: LoadedContract): {
  bundle: SchemaBundle;
  methods: MethodInfo[];
  operations: OperationInfo[];
} {
  const { doc, entry } = contract;
  const namer = new Namer();
  const defs: Record<string, Schema> = {};
  const origins: Record<string, string> = {};
  const pending: { key: Key; file: string; pointer: string; schema: Schema }[] = [];

  const register = (file: string, pointer: string, schema: Schema, preferred: string, prefix: string): string => {
    const key = `${file}#${pointer}`;
    const known = namer.names.get(key);
    if (known) return known;
    const name = namer.claim(key, preferred, prefix);
    pending.push({ key, file, pointer, schema });
    return name;
  };

  // Named definitions of every loaded file, entry first, so the entry's names win.
  const files = [doc.path, ...[...doc.files.keys()].filter((f) => f !== doc.path)];
  for (const file of files) {
    const root = doc.files.get(file);
    if (!isObject(root)) continue;
    const fileName =
      typeof root.title === "string" && file !== doc.path
        ? pascalCase(root.title)
        : pascalCase(basename(file, extname(file)));
    if (entry.kind === "json-schema") {
      for (const container of DEFINITION_KEYWORDS) {
        const group = root[container];
        if (isObject(group))
          for (const [k, v] of Object.entries(group))
            if (isObject(v)) register(file, `/${container}/${escapeToken(k)}`, v, pascalCase(k), fileName);
      }
      if (hasOwnConstraints(root))
        register(file, "", root, typeof root.title === "string" ? pascalCase(root.title) : fileName, "");
    } else {
      const group = (root.components as Schema | undefined)?.schemas;
      if (isObject(group))
        for (const [k, v] of Object.entries(group))
          if (isObject(v)) register(file, `/components/schemas/${escapeToken(k)}`, v, pascalCase(k), fileName);
    }
  }

  const methods: MethodInfo[] = [];
  if (entry.kind === "openrpc") {
    const rpcMethods = ((doc.root as Schema).methods as Schema[] | undefined) ?? [];
    rpcMethods.forEach((m, i) => {
      const name = String(m.name);
      const base = pascalCase(name);
      const params = ((m.params as Schema[] | undefined) ?? []).map((p) => p);
      // By-name params form a closed object: only declared params exist.
      const paramsSchema: Schema = {
        title: `${base}Params`,
        description: `Parameters of \`${name}\`${m.summary ? `: ${String(m.summary)}` : ""}`,
        type: "object",
        properties: Object.fromEntries(
          params.map((p) => [String(p.name), withDescription(p.schema as Schema, p.description)]),
        ),
        required: params.filter((p) => p.required === true).map((p) => String(p.name)),
        additionalProperties: false,
      };
      const result = m.result as Schema | undefined;
      const resultSchema = withDescription(
        (result?.schema as Schema) ?? {},
        result?.description ?? `Result of \`${name}\``,
      );
      const paramsType = register(doc.path, `/methods/${i}/params`, paramsSchema, `${base}Params`, "Method");
      const resultType = register(doc.path, `/methods/${i}/result/schema`, resultSchema, `${base}Result`, "Method");
      const errors = ((m.errors as Schema[] | undefined) ?? []).map((e) => resolveError(contract, e));
      methods.push({
        name,
        summary: m.summary as string | undefined,
        description: m.description as string | undefined,
        paramStructure: (m.paramStructure as MethodInfo["paramStructure"]) ?? "either",
        params: params.map((p) => ({
          name: String(p.name),
          required: p.required === true,
          description: p.description as string | undefined,
        })),
        paramsType,
        resultType,
        errors,
      });
    });
  }

  const refName = (fromFile: string, ref: string): string | undefined => {
    const found = lookupRef(doc.files, fromFile, ref);
    if (!found) return undefined;
    const key = `${found.target.file}#${found.target.pointer}`;
    const known = namer.names.get(key);
    if (known) return known;
    const tokens = parsePointer(found.target.pointer);
    const last = tokens[tokens.length - 1];
    const targetRoot = doc.files.get(found.target.file) as Schema;
    const preferred =
      last ??
      (typeof targetRoot.title === "string"
        ? pascalCase(targetRoot.title)
        : pascalCase(basename(found.target.file, extname(found.target.file))));
    return register(found.target.file, found.target.pointer, found.value as Schema, pascalCase(preferred), "");
  };
  const operations =
    entry.kind === "openapi"
      ? collectOperations(
          doc.root as Schema,
          doc.path,
          register,
          (ref) => refName(doc.path, ref),
          (ref) => lookupRef(doc.files, doc.path, ref)?.value,
        )
      : [];

  // Rewrite every $ref inside the pending definitions; references may claim new names on the way.
  for (let i = 0; i < pending.length; i++) {
    const item = pending[i]!;
    const name = namer.names.get(item.key)!;
    defs[name] = rewrite(item.schema, item.file, item.pointer === "", (ref) => {
      const found = refName(item.file, ref);
      if (!found) throw new Error(`${item.file}: unresolved $ref ${ref} (run validate)`);
      return found;
    });
    origins[name] = `${item.file}#${item.pointer}`;
  }
  return {
    bundle: { id: `urn:contract-suite:${entry.name}`, defs: sortByOrigin(defs, pending, namer), origins },
    methods,
    operations,
  };
}

function withDescription(schema: Schema, description: unknown): Schema {
  if (typeof description !== "string" || typeof schema.description === "string" || typeof schema.$ref === "string")
    return schema;
  return { ...schema, description };
}

/** Keeps the order in which definitions were first claimed: document order, stable across runs. */
function sortByOrigin(defs: Record<string, Schema>, pending: { key: Key }[], namer: Namer): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  for (const p of pending) {
    const n = namer.names.get(p.key)!;
    out[n] = defs[n]!;
  }
  return out;
}

/** A root schema that constrains values itself (not just $defs, nor only an alias `$ref` to one of them). */
function hasOwnConstraints(root: Schema): boolean {
  const meta = new Set([
    ...DOCUMENT_ROOT_KEYWORDS,
    "title",
    "description",
    "$comment",
    "version",
    "x-version",
    "examples",
  ]);
  const keys = Object.keys(root).filter((k) => !meta.has(k));
  return keys.length > 0 && !(keys.length === 1 && keys[0] === "$ref");
}

/**
 * Deep copy with refs rewritten (walk.ts's table says where subschemas are; data such as `enum` or
 * `examples` is copied untouched); nested `$defs` of the root are dropped (they became definitions).
 */
function rewrite(schema: Schema, file: string, isRoot: boolean, refName: (ref: string) => string): Schema {
  let input: Schema = schema;
  if (isRoot) {
    input = {};
    for (const [k, v] of Object.entries(schema)) if (!DOCUMENT_ROOT_KEYWORDS.has(k)) setOwn(input, k, v);
  }
  return mapSchema(input, (node) => {
    if (typeof node.$ref === "string") setOwn<unknown>(node, "$ref", definitionRef(refName(node.$ref)));
    return node;
  }) as Schema;
}

function resolveError(contract: LoadedContract, e: Schema): { code: number; message: string } {
  if (typeof e.$ref === "string") {
    const found = lookupRef(contract.doc.files, contract.doc.path, e.$ref);
    if (found && isObject(found.value)) return { code: Number(found.value.code), message: String(found.value.message) };
  }
  return { code: Number(e.code), message: String(e.message) };
}

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

function tsScalar(schema: unknown): string {
  const t = isObject(schema) ? schema.type : undefined;
  return t === "integer" || t === "number" ? "number" : t === "boolean" ? "boolean" : "string";
}

/** The literal union of a scalar `enum` or `const`, or undefined when the schema has neither. */
function literalUnion(schema: unknown): string | undefined {
  if (!isObject(schema)) return undefined;
  const values = Array.isArray(schema.enum) ? schema.enum : "const" in schema ? [schema.const] : undefined;
  if (!values?.length || !values.every((v) => ["string", "number", "boolean"].includes(typeof v))) return undefined;
  return values.map((v) => JSON.stringify(v)).join(" | ");
}

/**
 * A parameter's TypeScript type: a `$ref` to a scalar definition (an enum, a string) is that
 * definition's generated type (`T.Mood`), an inline enum or const its literal union, else the
 * scalar its `type` names.
 */
function tsParameter(
  schema: unknown,
  resolveRef: (ref: string) => string | undefined,
  resolveValue: (ref: string) => unknown,
): string {
  if (isObject(schema) && typeof schema.$ref === "string") {
    const target = resolveValue(schema.$ref);
    const scalar =
      isObject(target) &&
      (literalUnion(target) !== undefined || ["string", "number", "integer", "boolean"].includes(String(target.type)));
    const name = scalar ? resolveRef(schema.$ref) : undefined;
    return name ? `T.${name}` : (literalUnion(target) ?? tsScalar(target));
  }
  return literalUnion(schema) ?? tsScalar(schema);
}

/** Operations of an OpenAPI document; inline body/response schemas are registered as definitions. */
function collectOperations(
  root: Schema,
  file: string,
  register: (file: string, pointer: string, schema: Schema, preferred: string, prefix: string) => string,
  resolveRef: (ref: string) => string | undefined,
  resolveValue: (ref: string) => unknown,
): OperationInfo[] {
  const out: OperationInfo[] = [];
  const schemes = ((root.components as Schema | undefined)?.securitySchemes ?? {}) as Record<string, Schema>;
  const esc = escapeToken;
  const named = (schema: unknown, pointer: string, preferred: string): string | undefined => {
    if (!isObject(schema)) return undefined;
    // A bare `$ref` names an existing definition: use it rather than an alias.
    if (typeof schema.$ref === "string" && Object.keys(schema).length === 1) {
      const found = resolveRef(schema.$ref);
      if (found) return found;
    }
    return register(file, pointer, schema, preferred, "");
  };
  for (const [path, item] of Object.entries((root.paths ?? {}) as Record<string, Schema>)) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const operationId = typeof op.operationId === "string" ? op.operationId : `${method}${path}`;
      const base = pascalCase(operationId);
      const ptr = `/paths/${esc(path)}/${method}`;
      const parameters: OperationInfo["parameters"] = [];
      for (const listed of [...((item.parameters as Schema[]) ?? []), ...((op.parameters as Schema[]) ?? [])]) {
        // A Parameter Object may itself be a $ref (#/components/parameters/...).
        const p = isObject(listed) && typeof listed.$ref === "string" ? resolveValue(listed.$ref) : listed;
        if (!isObject(p) || !["path", "query", "header"].includes(String(p.in))) continue;
        parameters.push({
          name: String(p.name),
          in: p.in as "path" | "query" | "header",
          required: p.required === true || p.in === "path",
          tsType: tsParameter(p.schema, resolveRef, resolveValue),
        });
      }
      // Security schemes that travel in headers become typed header parameters.
      for (const requirement of ((op.security ?? root.security ?? []) as Schema[]).slice(0, 1)) {
        for (const schemeName of Object.keys(requirement)) {
          const scheme = schemes[schemeName];
          if (!scheme) continue;
          const header =
            scheme.type === "http"
              ? "Authorization"
              : scheme.type === "apiKey" && scheme.in === "header"
                ? String(scheme.name)
                : undefined;
          if (header && !parameters.some((p) => p.in === "header" && p.name.toLowerCase() === header.toLowerCase()))
            parameters.push({ name: header, in: "header", required: true, tsType: "string" });
        }
      }
      let requestBody: OperationInfo["requestBody"];
      const rb = op.requestBody as Schema | undefined;
      const rbContent = isObject(rb?.content) ? (rb!.content as Record<string, Schema>) : {};
      const rbType = Object.keys(rbContent).find((c) => c.includes("json"));
      if (rbType) {
        const type = named(
          rbContent[rbType]!.schema,
          `${ptr}/requestBody/content/${esc(rbType)}/schema`,
          `${base}RequestBody`,
        );
        if (type) requestBody = { contentType: rbType, type, required: rb!.required === true };
      }
      const responses: OperationInfo["responses"] = [];
      for (const [status, resp] of Object.entries((op.responses ?? {}) as Record<string, Schema>)) {
        const content = isObject(resp.content) ? (resp.content as Record<string, Schema>) : {};
        const ct = Object.keys(content)[0];
        if (!ct) {
          responses.push({ status, kind: "none" });
          continue;
        }
        const media = content[ct]!;
        const rPtr = `${ptr}/responses/${esc(status)}/content/${esc(ct)}`;
        if (ct === "text/event-stream") {
          // OpenAPI 3.2: itemSchema describes each SSE message ({data, event, id, retry}); when its
          // `data` carries a JSON payload (contentSchema), that payload is the frame's type.
          const item = media.itemSchema ?? media["x-item-schema"];
          const key = media.itemSchema ? "itemSchema" : "x-item-schema";
          const data =
            isObject(item) && isObject(item.properties) ? (item.properties as Record<string, Schema>).data : undefined;
          const payload = isObject(data) && isObject(data.contentSchema) ? data.contentSchema : undefined;
          const itemType = payload
            ? named(payload, `${rPtr}/${key}/properties/data/contentSchema`, `${base}Event${status}`)
            : named(item, `${rPtr}/${key}`, `${base}Event${status}`);
          responses.push({ status, contentType: ct, kind: "event-stream", itemType });
        } else if (ct.includes("json")) {
          responses.push({
            status,
            contentType: ct,
            kind: "json",
            type: named(media.schema, `${rPtr}/schema`, `${base}Response${status}`),
          });
        } else responses.push({ status, contentType: ct, kind: "other" });
      }
      out.push({
        operationId,
        typeBase: base,
        method,
        path,
        summary: op.summary as string | undefined,
        description: op.description as string | undefined,
        parameters,
        requestBody,
        responses,
      });
    }
  }
  return out;
}
