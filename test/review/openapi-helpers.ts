/** Builders of small in-memory OpenAPI documents for the diff tests. */
import type { LoadedContract } from "../../src/contracts/index.js";
import { diffContracts } from "../../src/review/run-diff.js";
import type { Finding, DiffReport } from "../../src/review/diff.js";

export function openapi(root: Record<string, unknown>, path = "/virtual/api.json"): LoadedContract {
  const doc = { openapi: "3.1.0", info: { title: "t", version: "1" }, ...root };
  return {
    entry: { name: "api", kind: "openapi", version: "", entry: path },
    doc: { path, root: doc, files: new Map([[path, doc]]), bytes: new Map() },
    problems: [],
  };
}

/** A one-operation document: GET /things/{id} by default, with what `op` adds. */
export function oneOp(
  op: Record<string, unknown>,
  extra: Record<string, unknown> = {},
  path = "/things/{id}",
  method = "get",
): LoadedContract {
  return openapi({ paths: { [path]: { [method]: { responses: { "200": { description: "ok" } }, ...op } } }, ...extra });
}

export function diff(a: LoadedContract, b: LoadedContract, samples = 100): DiffReport {
  return diffContracts(a, b, { samples });
}

export function kinds(r: DiffReport, verdict?: Finding["verdict"]): string[] {
  return r.findings.filter((c) => !verdict || c.verdict === verdict).map((c) => c.kind);
}

export const json = (schema: unknown) => ({ content: { "application/json": { schema } } });
