/**
 * Small documents the kind units show themselves with (docs/review.md prints them, the kind tests
 * diff them): a JSON body, a response, an OpenRPC method, a JSON Schema definition.
 */
import type { DocPair } from "./kind.js";

type Json = Record<string, unknown>;

export function openapi(root: Json): Json {
  return { openapi: "3.1.0", info: { title: "example", version: "1" }, ...root };
}

/** One operation (`GET /things/{id}` unless told), with what `op` adds. */
export function operation(op: Json = {}, extra: Json = {}, path = "/things/{id}", method = "get"): Json {
  return openapi({ paths: { [path]: { [method]: { responses: { "200": { description: "ok" } }, ...op } } }, ...extra });
}

export const jsonContent = (schema: unknown): Json => ({ content: { "application/json": { schema } } });

/** `POST /things` whose JSON request body is `schema`. */
export function requestBody(schema: unknown): Json {
  return operation({ requestBody: jsonContent(schema) }, {}, "/things", "post");
}

/** `GET /things/{id}` whose 200 JSON response is `schema`. */
export function responseBody(schema: unknown): Json {
  return operation({ responses: { "200": { description: "ok", ...jsonContent(schema) } } });
}

/** An OpenRPC document with these methods (each needs `name`, `params`, `result`). */
export function openrpc(methods: Json[]): Json {
  return { openrpc: "1.3.2", info: { title: "example", version: "1" }, methods };
}

export function method(name: string, params: Json[], result: unknown = { type: "string" }, extra: Json = {}): Json {
  return { name, params, result: { name: "result", schema: result }, ...extra };
}

/** A JSON Schema document with these `$defs`. */
export function jsonSchema(defs: Json, root: Json = {}): Json {
  return { $schema: "https://json-schema.org/draft/2020-12/schema", $defs: defs, ...root };
}

export function pair(old: Json, now: Json): DocPair {
  return { old, new: now };
}

/** A request body schema changed from `old` to `now`. */
export const requestChange = (old: unknown, now: unknown): DocPair => pair(requestBody(old), requestBody(now));
/** A response body schema changed from `old` to `now`. */
export const responseChange = (old: unknown, now: unknown): DocPair => pair(responseBody(old), responseBody(now));
