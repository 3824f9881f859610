/**
 * A contract as the diff sees it: one schema context (codegen's flat bundle) and the payload
 * *surfaces* of the contract, each with the direction its data travels.
 *
 * - JSON Schema: the root (when it constrains) and every definition of the entry file. The
 *   default criterion is "request" (the new version must accept every payload the old one
 *   accepted); definitions named in the registry's `received` also get the "response" rule.
 * - OpenRPC: per method a request envelope (`{jsonrpc, id, method, params}`; by-name params are a
 *   closed object), a result envelope and an error envelope (declared code/message pairs).
 * - OpenAPI: per operation the request body per media type, parameters per location (a closed
 *   object), and response bodies per status and media type (plus an OAS 3.2 `itemSchema` /
 *   `x-item-schema` for streamed items).
 * Components/definitions no surface reaches are surfaces of their own (request criterion).
 * Over 500 lines for one reason: buildModel is one pass whose per-kind branches share the bundle's
 * context, the surface maps and the naming closures; the OpenAPI operation reading lives in
 * openapi-operations.ts.
 */
import { relative, dirname } from "node:path";
import type { ContractKind, LoadedContract } from "../contracts/index.js";
import { lookupRef } from "../contracts/index.js";
import { buildBundle } from "../schema/bundle.js";
import { escapeToken, unescapeToken } from "../json/index.js";
import { SchemaContext } from "./schema/context.js";
import {
  documentDialect,
  DialectError,
  normalizeSchema,
  normalizeState,
  type Defect,
  type Dialect,
  type NormalizeState,
} from "../schema/dialect.js";
import { isSchemaObject, isAnnotationKeyword, setOwn, type Schema, type SchemaNode } from "./schema/keywords.js";
import { DEFINITION_KEYWORDS, DOCUMENT_ROOT_KEYWORDS, mapSchema, walkSchema } from "../schema/walk.js";
import type { Step } from "./schema/containment.js";
import { DirectionViews, type MessageSide } from "./openapi-views.js";
import type { Direction, Reach } from "./finding.js";
import {
  effectiveSecurity,
  isJsonMedia,
  openApiOperations,
  parameterSchema,
  resolveMap,
  resolveRaw,
} from "./openapi-operations.js";

export type { Direction } from "./finding.js";

export interface Surface {
  /** Stable key that pairs the old and new surface. */
  key: string;
  /** Where it is in the document, for reports. */
  path: string;
  direction: Direction;
  node: SchemaNode;
  /** Instance-path prefix of the schema the path names inside the envelope (e.g. `params`). */
  inner?: Step[];
  /** OpenRPC/OpenAPI: the method or operation this surface belongs to. */
  owner?: string;
  /** What kind of surface, for kind names: definition, root, params, result, errors, body, parameters, response. */
  role: "definition" | "root" | "params" | "result" | "errors" | "body" | "parameters" | "response" | "headers";
  /** A non-JSON media type (XML, form, text): compared by schema equality only, never with JSON payloads. */
  opaque?: boolean;
  /** What a reader calls it: the operation, method or definition, and the part of it (`request body (application/json)`). */
  reach: Reach;
}

/** What an OpenAPI operation says beyond its payload schemas. */
export interface OperationFacts {
  key: string;
  /** What a reader calls it: `POST /pets/{petId}`. */
  label: string;
  /** Pointer of the operation in its document. */
  path: string;
  hasBody: boolean;
  bodyRequired: boolean;
  /** Documented response statuses, upper-cased (`2XX`, `DEFAULT`). */
  statuses: Set<string>;
  /** Per `<in>:<name>` (path parameters by template slot): serialization facts. */
  params: Map<
    string,
    { name: string; in: string; style: string; explode: boolean; media?: string; schema: SchemaNode }
  >;
  security: Record<string, string[]>[];
  /** Where `security` is declared: the operation's own, or the root's (`#/security`) that it inherits. */
  securityPath: string;
  flipped: boolean;
}

export interface OpenApiFacts {
  operations: Map<string, OperationFacts>;
  schemes: Record<string, Schema>;
}

export interface MethodModel {
  name: string;
  paramStructure: string;
  params: { name: string; required: boolean; schema: SchemaNode }[];
  errors: { code: number; message: string }[];
  deprecated: boolean;
}

export interface ContractModel {
  kind: ContractKind;
  label: string;
  ctx: SchemaContext;
  surfaces: Map<string, Surface>;
  methods: Map<string, MethodModel>;
  operations: Set<string>;
  /** Any-request schema (OpenRPC: oneOf over every method's request envelope). */
  anyRequest?: SchemaNode;
  /** Entry-file definitions by their key in the document, for rename detection. */
  definitions: Map<string, SchemaNode>;
  /** The raw entry document, for the annotation walk. */
  raw: unknown;
  /** Display location of a node of the context, or undefined for synthesised nodes. */
  locate(node: SchemaNode): string | undefined;
  /** The schema dialect the document was read in. */
  dialect: Dialect;
  /** Defects repaired while reading (dialect.ts): reported as warnings, compared around. */
  defects: Defect[];
  /** OpenAPI only: operation facts beyond payloads (body presence, statuses, serialization, security). */
  openapi?: OpenApiFacts;
  /** Bundle definition name -> document location, for deciding which side of the wire a raw pointer is on. */
  origins: Record<string, string>;
}

export class ModelError extends Error {
  override readonly name = "ModelError";
}

const JSONRPC_ID: Schema = { type: ["string", "integer"] };

export function buildModel(
  contract: LoadedContract,
  options: { received?: string[]; label?: string } = {},
): ContractModel {
  let bundled: ReturnType<typeof buildBundle>;
  try {
    bundled = buildBundle(contract);
  } catch (e) {
    throw new ModelError(`${contract.doc.path}: cannot bundle the document: ${(e as Error).message}`);
  }
  const { bundle, methods } = bundled;
  const doc = contract.doc;
  const entryFile = doc.path;
  let dialect: Dialect;
  try {
    dialect = contract.entry.kind === "openapi" ? documentDialect(doc.root) : "json-schema";
  } catch (e) {
    if (e instanceof DialectError) throw new ModelError(`${doc.path}: ${e.message}`);
    throw e;
  }
  const state: NormalizeState = normalizeState(contract.entry.kind, doc.root);
  const defs: Record<string, Schema> = {};
  for (const [name, def] of Object.entries(bundle.defs)) {
    const origin = bundle.origins[name] ?? "";
    const hash = origin.indexOf("#");
    setOwn(defs, name, normalizeSchema(def, origin.slice(0, hash), origin.slice(hash + 1), state) as Schema);
  }
  const ctx = new SchemaContext(defs);
  const byOrigin = new Map<string, string>();
  for (const [name, origin] of Object.entries(bundle.origins)) byOrigin.set(origin, name);
  const refOf = (name: string) => `#/$defs/${escapeToken(name)}`;
  const reserved = new Set<string>();
  const fresh = (base: string) => {
    let n = base;
    for (let i = 2; Object.hasOwn(defs, n) || reserved.has(n); i++) n = `${base}${i}`;
    reserved.add(n);
    return n;
  };
  // OpenAPI: requests are read without readOnly members, responses without writeOnly ones (decision 173).
  const views = contract.entry.kind === "openapi" ? new DirectionViews(ctx, fresh) : undefined;
  const side = (node: SchemaNode, s: MessageSide): SchemaNode => (views ? views.view(node, s) : node);
  /** A raw schema of `file`, references rewritten into the bundle. */
  const adopt = (schema: unknown, file: string, pointer = ""): SchemaNode =>
    normalizeSchema(
      rewriteRefs(schema, (ref) => {
        const found = lookupRef(doc.files, file, ref);
        if (!found) return undefined;
        const name = byOrigin.get(`${found.target.file}#${found.target.pointer}`);
        return name ? refOf(name) : undefined;
      }),
      file,
      pointer.replace(/^#/, ""),
      state,
    ) as SchemaNode;

  const surfaces = new Map<string, Surface>();
  const methodModels = new Map<string, MethodModel>();
  const operations = new Set<string>();
  const definitions = new Map<string, SchemaNode>();
  const root = doc.root as Schema;
  const received = new Set(options.received ?? []);
  let anyRequest: SchemaNode | undefined;
  let openapi: OpenApiFacts | undefined;
  const originDisplay = new Map<string, string>();
  /** Synthesised definitions wrapping a document schema: pointer prefix inside the def -> document location. */
  const synthetic = new Map<string, { prefix: string; display: string; members?: Map<string, string> }>();
  const wrap = (base: string, adopted: SchemaNode, display: string): Schema => {
    const name = fresh(base);
    synthetic.set(name, { prefix: "/allOf/0", display });
    return ctx.addDefNode(name, { allOf: [adopted] });
  };

  if (contract.entry.kind === "json-schema") {
    for (const container of DEFINITION_KEYWORDS) {
      const group = root[container];
      if (!isSchemaObject(group)) continue;
      for (const k of Object.keys(group)) {
        const name = byOrigin.get(`${entryFile}#/${container}/${escapeToken(k)}`);
        if (!name) continue;
        const node = { $ref: refOf(name) };
        definitions.set(k, defs[name]!);
        surfaces.set(`def:${k}`, {
          key: `def:${k}`,
          path: `#/${container}/${escapeToken(k)}`,
          direction: received.has(k) ? "both" : "request",
          node,
          role: "definition",
          reach: { operation: `#/${container}/${escapeToken(k)}`, part: "definition" },
        });
      }
    }
    const rootRest: Schema = {};
    for (const [k, v] of Object.entries(root)) if (!DOCUMENT_ROOT_KEYWORDS.has(k)) setOwn(rootRest, k, v);
    if (Object.keys(rootRest).some((k) => !isAnnotationKeyword(k))) {
      const rootName = byOrigin.get(`${entryFile}#`);
      const node = rootName
        ? { $ref: refOf(rootName) }
        : ctx.addDefNode(fresh("__root"), adopt(rootRest, entryFile) as Schema);
      const target =
        typeof root.$ref === "string" ? /^#\/(?:\$defs|definitions)\/(.+)$/.exec(root.$ref)?.[1] : undefined;
      const dir: Direction = target !== undefined && received.has(unescapeToken(target)) ? "both" : "request";
      surfaces.set("root", {
        key: "root",
        path: "#",
        direction: dir,
        node,
        role: "root",
        reach: { operation: "#", part: "document root" },
      });
    }
  } else if (contract.entry.kind === "openrpc") {
    const rpcMethods = Array.isArray(root.methods) ? (root.methods as Schema[]) : [];
    const requestEnvelopes: SchemaNode[] = [];
    methods.forEach((m, i) => {
      const raw = rpcMethods[i] ?? {};
      const esc = escapeToken(m.name);
      originDisplay.set(`${entryFile}#/methods/${i}/params`, `#/methods/${esc}/params`);
      originDisplay.set(`${entryFile}#/methods/${i}/result/schema`, `#/methods/${esc}/result`);
      const params = Array.isArray(raw.params) ? (raw.params as Schema[]) : [];
      methodModels.set(m.name, {
        name: m.name,
        paramStructure: m.paramStructure,
        params: params.map((p) => ({
          name: String(p.name),
          required: p.required === true,
          schema: adopt(p.schema ?? true, entryFile),
        })),
        errors: m.errors,
        deprecated: raw.deprecated === true,
      });
      const req = ctx.addDefNode(fresh(`__request_${m.paramsType}`), {
        type: "object",
        required: ["jsonrpc", "id", "method", "params"],
        properties: {
          jsonrpc: { const: "2.0" },
          id: JSONRPC_ID,
          method: { const: m.name },
          params: { $ref: refOf(m.paramsType) },
        },
        additionalProperties: false,
      });
      requestEnvelopes.push(req);
      const res = ctx.addDefNode(fresh(`__result_${m.resultType}`), {
        type: "object",
        required: ["jsonrpc", "id", "result"],
        properties: { jsonrpc: { const: "2.0" }, id: JSONRPC_ID, result: { $ref: refOf(m.resultType) } },
        additionalProperties: false,
      });
      const errorBranches = m.errors.map((e) => ({
        type: "object",
        required: ["code", "message"],
        properties: { code: { const: e.code }, message: { const: e.message } },
      }));
      const err = ctx.addDefNode(fresh(`__errors_${m.paramsType}`), {
        type: "object",
        required: ["jsonrpc", "id", "error"],
        properties: {
          jsonrpc: { const: "2.0" },
          id: JSONRPC_ID,
          error: errorBranches.length ? { anyOf: errorBranches } : false,
        },
        additionalProperties: false,
      });
      surfaces.set(`method:${m.name}:params`, {
        key: `method:${m.name}:params`,
        path: `#/methods/${esc}/params`,
        direction: "request",
        node: req,
        inner: [{ kind: "prop", name: "params" }],
        owner: m.name,
        role: "params",
        reach: { operation: m.name, part: "params" },
      });
      surfaces.set(`method:${m.name}:result`, {
        key: `method:${m.name}:result`,
        path: `#/methods/${esc}/result`,
        direction: "response",
        node: res,
        inner: [{ kind: "prop", name: "result" }],
        owner: m.name,
        role: "result",
        reach: { operation: m.name, part: "result" },
      });
      surfaces.set(`method:${m.name}:errors`, {
        key: `method:${m.name}:errors`,
        path: `#/methods/${esc}/errors`,
        direction: "response",
        node: err,
        inner: [{ kind: "prop", name: "error" }],
        owner: m.name,
        role: "errors",
        reach: { operation: m.name, part: "errors" },
      });
    });
    anyRequest = ctx.addDefNode(
      fresh("__any_request"),
      requestEnvelopes.length ? { oneOf: requestEnvelopes } : ({ not: {} } as Schema),
    );
  } else {
    const components = isSchemaObject(root.components) ? (root.components as Schema) : {};
    openapi = {
      operations: new Map(),
      schemes: isSchemaObject(components.securitySchemes)
        ? resolveMap(components.securitySchemes as Schema, doc.files, entryFile)
        : {},
    };
    for (const op of openApiOperations(root, doc.files, entryFile)) {
      operations.add(op.key);
      const base = op.pointer;
      // Webhooks and callbacks run the other way: the API sends the request and the client answers.
      const sent: Direction = op.flipped ? "response" : "request";
      const received: Direction = op.flipped ? "request" : "response";
      const facts: OperationFacts = {
        key: op.key,
        label: op.label,
        path: base,
        bodyRequired: false,
        hasBody: false,
        statuses: new Set(),
        params: new Map(),
        security: effectiveSecurity(op.op.security ?? (op.flipped ? [] : root.security)),
        securityPath:
          op.op.security === undefined && !op.flipped && root.security !== undefined
            ? "#/security"
            : `${base}/security`,
        flipped: op.flipped,
      };
      openapi.operations.set(op.key, facts);
      type Location = { props: Record<string, SchemaNode>; required: string[]; origins: Map<string, string> };
      const params = new Map<string, Location>();
      const empty = (): Location => ({ props: {}, required: [], origins: new Map() });
      const placeholders = [...op.path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!);
      for (const [i, p] of op.parameters.entries()) {
        const where = String(p.in);
        // Path parameters are compared by their place in the template: /books/{bookId} and /books/{id} are one operation.
        const slot = where === "path" ? placeholders.indexOf(String(p.name)) : -1;
        const name =
          where === "header"
            ? String(p.name).toLowerCase()
            : where === "path" && slot >= 0
              ? `{${slot}}`
              : String(p.name);
        const g = params.get(where) ?? empty();
        const pointer = `${base}/parameters/${where}/${escapeToken(name)}`;
        const raw = parameterSchema(p);
        // The schema's changes are located where the parameter is written, so a path item's shared parameter is one place for all its operations.
        const origin = op.parameterOrigins[i];
        if (origin !== undefined)
          g.origins.set(name, raw.media ? `${origin}/content/${escapeToken(raw.media)}/schema` : `${origin}/schema`);
        const schema = side(adopt(raw.schema ?? true, entryFile, pointer), "request");
        setOwn(g.props, name, schema);
        if (p.required === true || where === "path") g.required.push(name);
        params.set(where, g);
        facts.params.set(`${where}:${name}`, {
          name: String(p.name),
          in: where,
          style: typeof p.style === "string" ? p.style : where === "query" || where === "cookie" ? "form" : "simple",
          explode:
            typeof p.explode === "boolean"
              ? p.explode
              : (typeof p.style === "string"
                  ? p.style
                  : where === "query" || where === "cookie"
                    ? "form"
                    : "simple") === "form",
          media: raw.media,
          schema,
        });
      }
      // Every location gets a surface, empty ones too: adding the first query parameter is a change of that surface.
      for (const where of ["path", "query", "header", "cookie"]) if (!params.has(where)) params.set(where, empty());
      for (const [where, g] of params) {
        const name = fresh(`__params_${where}`);
        synthetic.set(name, { prefix: "/properties", display: `${base}/parameters/${where}`, members: g.origins });
        const node = ctx.addDefNode(name, {
          type: "object",
          properties: g.props,
          required: g.required,
          additionalProperties: false,
        });
        surfaces.set(`op:${op.key}:parameters:${where}`, {
          key: `op:${op.key}:parameters:${where}`,
          path: `${base}/parameters/${where}`,
          direction: sent,
          node,
          owner: op.key,
          role: "parameters",
          reach: { operation: op.label, part: `${where} parameters` },
        });
      }
      const body = isSchemaObject(op.op.requestBody) ? resolveRaw(op.op.requestBody, doc.files, entryFile) : undefined;
      if (body) {
        facts.hasBody = true;
        facts.bodyRequired = body.required === true;
      }
      for (const [media, mt] of Object.entries(isSchemaObject(body?.content) ? (body!.content as Schema) : {})) {
        if (!isSchemaObject(mt)) continue;
        // A streamed request body (OAS 3.2 `itemSchema`) is compared item by item, like a response's.
        const fields = ["schema", "itemSchema", "x-item-schema"].filter((f) => mt[f] !== undefined);
        for (const field of fields.length ? fields : ["schema"]) {
          const path = `${base}/requestBody/content/${escapeToken(media)}/${escapeToken(field)}`;
          const node = wrap("__body", side(adopt(mt[field] ?? true, entryFile, path), "request"), path);
          const k = `op:${op.key}:${field === "schema" ? "body" : "body-items"}:${media}`;
          surfaces.set(k, {
            key: k,
            path,
            direction: sent,
            node,
            owner: op.key,
            role: "body",
            opaque: field === "schema" ? !isJsonMedia(media) : false,
            reach: { operation: op.label, part: `request body (${media})${field === "schema" ? "" : " items"}` },
          });
        }
      }
      for (const [status, r] of Object.entries(isSchemaObject(op.op.responses) ? (op.op.responses as Schema) : {})) {
        if (!/^(?:[1-5](?:\d\d|XX)|default)$/i.test(status)) continue; // extensions (`x-...`) are no status
        facts.statuses.add(status.toUpperCase());
        const resp = isSchemaObject(r) ? resolveRaw(r, doc.files, entryFile) : undefined;
        const statusBase = `${base}/responses/${escapeToken(status)}`;
        for (const [media, mt] of Object.entries(isSchemaObject(resp?.content) ? (resp!.content as Schema) : {})) {
          if (!isSchemaObject(mt)) continue;
          const fields = ["schema", "itemSchema", "x-item-schema"].filter((f) => mt[f] !== undefined);
          for (const field of fields.length ? fields : ["schema"]) {
            const path = `${statusBase}/content/${escapeToken(media)}/${escapeToken(field)}`;
            const node = wrap("__response", side(adopt(mt[field] ?? true, entryFile, path), "response"), path);
            const k = `op:${op.key}:response:${status.toUpperCase()}:${media}${field === "schema" ? "" : ":item"}`;
            const opaque = field === "schema" ? !isJsonMedia(media) : false;
            const part = `response ${status} (${media})${field === "schema" ? "" : " items"}`;
            surfaces.set(k, {
              key: k,
              path,
              direction: received,
              node,
              owner: op.key,
              role: "response",
              opaque,
              reach: { operation: op.label, part },
            });
            // OAS 3.2 SSE items carry their payload as a string `data` with `contentSchema`, which
            // JSON Schema treats as an annotation: there the payload is a response surface of its own.
            const data =
              field === "itemSchema" &&
              media.toLowerCase().split(";")[0]!.trim() === "text/event-stream" &&
              isSchemaObject(mt[field]) &&
              isSchemaObject((mt[field] as Schema).properties)
                ? ((mt[field] as Schema).properties as Schema).data
                : undefined;
            if (isSchemaObject(data) && data.contentSchema !== undefined) {
              const dataPath = `${path}/properties/data/contentSchema`;
              const dk = `${k}:data`;
              surfaces.set(dk, {
                key: dk,
                path: dataPath,
                direction: received,
                node: wrap("__response", side(adopt(data.contentSchema, entryFile, dataPath), "response"), dataPath),
                owner: op.key,
                role: "response",
                reach: { operation: op.label, part: `response ${status} (${media}) event data` },
              });
            }
          }
        }
        // Response headers: an open object (servers send more headers than they document), names lower-cased.
        const headers = isSchemaObject(resp?.headers) ? resolveMap(resp!.headers as Schema, doc.files, entryFile) : {};
        const props: Record<string, SchemaNode> = {};
        const required: string[] = [];
        for (const [h, header] of Object.entries(headers)) {
          const name = h.toLowerCase();
          if (name === "content-type") continue; // described by the media types, and ignored by OpenAPI here
          setOwn(
            props,
            name,
            side(
              adopt(
                parameterSchema(header).schema ?? true,
                entryFile,
                `${statusBase}/headers/${escapeToken(h)}/schema`,
              ),
              "response",
            ),
          );
          if (header.required === true) required.push(name);
        }
        const hname = fresh("__headers");
        synthetic.set(hname, { prefix: "/properties", display: `${statusBase}/headers` });
        const hnode = ctx.addDefNode(hname, { type: "object", properties: props, required });
        const hk = `op:${op.key}:response:${status.toUpperCase()}:headers`;
        surfaces.set(hk, {
          key: hk,
          path: `${statusBase}/headers`,
          direction: received,
          node: hnode,
          owner: op.key,
          role: "headers",
          reach: { operation: op.label, part: `response ${status} headers` },
        });
      }
    }
  }

  // Definitions no surface reaches are surfaces of their own (the request criterion).
  if (contract.entry.kind !== "json-schema") {
    const reached = reachable(
      [...surfaces.values()].map((s) => s.node),
      ctx,
    );
    for (const name of [...reached]) {
      const original = views?.original(name);
      if (original) reached.add(original);
    }
    const group = (root.components as Schema | undefined)?.schemas;
    if (isSchemaObject(group)) {
      for (const k of Object.keys(group)) {
        const name = byOrigin.get(`${entryFile}#/components/schemas/${escapeToken(k)}`);
        if (!name) continue;
        definitions.set(k, defs[name]!);
        if (reached.has(name)) continue;
        surfaces.set(`def:${k}`, {
          key: `def:${k}`,
          path: `#/components/schemas/${escapeToken(k)}`,
          direction: received.has(k) ? "both" : "request",
          node: { $ref: refOf(name) },
          role: "definition",
          reach: { operation: `#/components/schemas/${escapeToken(k)}`, part: "definition" },
        });
      }
    }
  }

  const baseDir = dirname(entryFile);
  const locate = (node: SchemaNode): string | undefined => {
    const site = ctx.site(node);
    if (!site) return undefined;
    const syn = synthetic.get(site.def);
    // Parameters: the closed object itself is the location group, `/properties/<name>` its `<name>`.
    if (syn && syn.prefix === "/properties" && site.pointer === "") return syn.display;
    // Inside one parameter's schema: where that parameter is written.
    const member = syn?.members?.size ? /^\/properties\/([^/]+)(\/.*)?$/.exec(site.pointer) : null;
    const written = member ? syn!.members!.get(unescapeToken(member[1]!)) : undefined;
    if (member && written !== undefined) return `${written}${member[2] ?? ""}`;
    if (syn && site.pointer.startsWith(syn.prefix)) return `${syn.display}${site.pointer.slice(syn.prefix.length)}`;
    const origin = bundle.origins[views?.original(site.def) ?? site.def];
    if (!origin) return undefined;
    const hash = origin.indexOf("#");
    const file = origin.slice(0, hash);
    let pointer = origin.slice(hash + 1);
    const mapped = originDisplay.get(origin);
    let inner = site.pointer;
    if (mapped) {
      // Method params: the bundle's closed object; show `params/<name>` as the document names it.
      if (mapped.endsWith("/params")) inner = inner.replace(/^\/properties\//, "/");
      return `${mapped}${inner}`;
    }
    pointer = pointer.replace(
      /^\/methods\/(\d+)/,
      (_, i: string) => `/methods/${escapeToken(methods[Number(i)]?.name ?? i)}`,
    );
    const label = file === entryFile ? "" : relative(baseDir, file);
    return `${label}#${pointer}${inner}`;
  };

  ctx.unicodeRegExp = !state.nonUnicodePatterns;
  const origins: Record<string, string> = { ...bundle.origins };
  for (const [copy, original] of views?.copyOrigins ?? [])
    if (bundle.origins[original] !== undefined) setOwn(origins, copy, bundle.origins[original]);
  return {
    kind: contract.entry.kind,
    label: options.label ?? contract.doc.path,
    ctx,
    surfaces,
    methods: methodModels,
    operations,
    anyRequest,
    definitions,
    raw: doc.root,
    locate,
    dialect,
    defects: state.defects,
    openapi,
    origins,
  };
}

/** Deep copy of a raw schema with `$ref`s mapped; unmapped references stay as they are (src/schema/walk.ts's table). */
export function rewriteRefs(node: unknown, map: (ref: string) => string | undefined): unknown {
  if (Array.isArray(node)) return node.map((v) => rewriteRefs(v, map));
  return mapSchema(node, (n) => {
    if (typeof n.$ref === "string") setOwn(n, "$ref", map(n.$ref) ?? n.$ref);
    return n;
  });
}

/** Names of the bundle definitions reachable from some nodes through `$ref`. */
export function reachable(nodes: SchemaNode[], ctx: SchemaContext): Set<string> {
  const seen = new Set<string>();
  const queue: unknown[] = [...nodes];
  while (queue.length) {
    walkSchema(queue.pop(), (n) => {
      const t = typeof n.$ref === "string" ? ctx.refTarget(n.$ref) : undefined;
      if (t && !seen.has(t.name)) {
        seen.add(t.name);
        queue.push(t.schema);
      }
    });
  }
  return seen;
}
