/**
 * The OpenAPI side of the diff's model (src/review/model.ts): the operations of `paths`, `webhooks`
 * and callbacks with their parameters, security and raw objects `$ref`-resolved, before their
 * schemas are adopted into the bundle.
 */
import { lookupRef } from "../contracts/index.js";
import { escapeToken } from "../json/index.js";
import { isSchemaObject, setOwn, type Schema } from "./schema/keywords.js";

export interface RawOperation {
  /** Method and path template with parameter names erased; webhooks and callbacks are prefixed. */
  key: string;
  /** What a reader calls it: `POST /pets/{petId}`, `webhook newPet POST`. */
  label: string;
  method: string;
  path: string;
  /** Pointer of the operation object in the document. */
  pointer: string;
  op: Schema;
  parameters: Schema[];
  /** Where each parameter is written (a path item's shared one, a component): its pointer in the entry document, when it is there. */
  parameterOrigins: (string | undefined)[];
  /** Webhooks and callbacks: the API sends the request, the client answers. */
  flipped: boolean;
}

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"];

/** Operations of `paths`, `webhooks` (3.1+) and every operation's `callbacks`, path items and parameters `$ref`-resolved. */
export function openApiOperations(root: Schema, files: Map<string, unknown>, file: string): RawOperation[] {
  const out: RawOperation[] = [];
  const fromItems = (items: unknown, pointerBase: string, keyOf: (path: string) => string, flipped: boolean) => {
    for (const [path, rawItem] of Object.entries(isSchemaObject(items) ? items : {})) {
      const item = isSchemaObject(rawItem) ? resolveRaw(rawItem, files, file) : undefined;
      if (!item) continue;
      for (const method of HTTP_METHODS) {
        const op = item[method];
        if (!isSchemaObject(op)) continue;
        const itemPointer = `${pointerBase}/${escapeToken(path)}`;
        const opPointer = `${itemPointer}/${method}`;
        const shared = resolveParameters(item.parameters, files, file, itemPointer);
        const own = resolveParameters(op.parameters, files, file, opPointer);
        // An operation's own parameter overrides a path-level one with the same name and location.
        const merged = [
          ...shared.filter((p) => !own.some((o) => o.param.name === p.param.name && o.param.in === p.param.in)),
          ...own,
        ];
        const key = `${keyOf(path)} ${method.toUpperCase()}`;
        const pointer = `${pointerBase}/${escapeToken(path)}/${method}`;
        out.push({
          key,
          label: key,
          method,
          path,
          pointer,
          op,
          parameters: merged.map((p) => p.param),
          parameterOrigins: merged.map((p) => p.origin),
          flipped,
        });
        for (const [cbName, cbRaw] of Object.entries(isSchemaObject(op.callbacks) ? op.callbacks : {})) {
          const cb = isSchemaObject(cbRaw) ? resolveRaw(cbRaw, files, file) : undefined;
          if (cb)
            fromItems(
              cb,
              `${pointer}/callbacks/${escapeToken(cbName)}`,
              (expr) => `${key} callback ${cbName} ${expr}`,
              !flipped,
            );
        }
      }
    }
  };
  fromItems(root.paths, "#/paths", (path) => path.replace(/\{[^}]*\}/g, "{}"), false);
  fromItems(root.webhooks, "#/webhooks", (name) => `webhook ${name}`, true);
  // Keys read "GET /a/{}" as before for plain paths.
  for (const o of out)
    if (!o.flipped && !o.key.includes(" callback ")) {
      o.key = `${o.method.toUpperCase()} ${o.path.replace(/\{[^}]*\}/g, "{}")}`;
      o.label = `${o.method.toUpperCase()} ${o.path}`;
    }
  return out;
}

/** A parameter's (or header's) schema: `schema`, or the schema of its one `content` media type. */
export function parameterSchema(p: Schema): { schema: unknown; media?: string } {
  if (p.schema !== undefined) return { schema: p.schema };
  if (isSchemaObject(p.content)) {
    const [media, mt] = Object.entries(p.content)[0] ?? [];
    if (media && isSchemaObject(mt)) return { schema: mt.schema ?? true, media };
  }
  return { schema: true };
}

/** JSON bodies are compared as JSON payloads; other media types (XML, forms, text) only by their schemas' equality. */
export function isJsonMedia(media: string): boolean {
  const m = media.toLowerCase().split(";")[0]!.trim();
  return (
    m === "application/json" ||
    m.endsWith("+json") ||
    m === "*/*" ||
    m === "application/*" ||
    m === "text/json" ||
    m.endsWith("/jsonl") ||
    m === "application/x-ndjson"
  );
}

/** A parameter list `$ref`-resolved, each with the pointer of the object it is written in (undefined when that is another file). */
function resolveParameters(
  v: unknown,
  files: Map<string, unknown>,
  file: string,
  owner: string,
): { param: Schema; origin: string | undefined }[] {
  const out: { param: Schema; origin: string | undefined }[] = [];
  (Array.isArray(v) ? v : []).forEach((raw, i) => {
    if (!isSchemaObject(raw)) return;
    let origin: string | undefined = `${owner}/parameters/${i}`;
    let cur: Schema | undefined = raw;
    for (let hops = 0; hops < 16 && cur && typeof cur.$ref === "string"; hops++) {
      const found = lookupRef(files, file, cur.$ref);
      origin = found && found.target.file === file ? `#${found.target.pointer}` : undefined;
      cur = found && isSchemaObject(found.value) ? found.value : undefined;
    }
    if (cur) out.push({ param: cur, origin });
  });
  return out;
}

export function resolveMap(v: Schema, files: Map<string, unknown>, file: string): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  for (const [k, x] of Object.entries(v)) {
    const r = isSchemaObject(x) ? resolveRaw(x, files, file) : undefined;
    if (r) setOwn(out, k, r);
  }
  return out;
}

/** Security alternatives: each a map of scheme name to scopes; `[{}]` (or none declared) is anonymous access. */
export function effectiveSecurity(v: unknown): Record<string, string[]>[] {
  if (!Array.isArray(v) || v.length === 0) return [{}];
  return v
    .filter(isSchemaObject)
    .map((req) =>
      Object.fromEntries(
        Object.entries(req).map(([k, scopes]) => [k, Array.isArray(scopes) ? scopes.map(String) : []]),
      ),
    );
}

/** Follows a `$ref` on an OpenAPI object (request body, response) to the object itself. */
export function resolveRaw(obj: Schema, files: Map<string, unknown>, file: string): Schema | undefined {
  let cur: Schema | undefined = obj;
  for (let i = 0; i < 16 && cur && typeof cur.$ref === "string"; i++) {
    const found = lookupRef(files, file, cur.$ref);
    cur = found && isSchemaObject(found.value) ? found.value : undefined;
  }
  return cur;
}
