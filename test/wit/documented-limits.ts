/**
 * Decision 050's limits as a table (test only): the lengths, list sizes, TTL range and staged
 * content size WIT_LIMITS documents, counted as JSON Schema counts (code points). The daemon
 * checked these itself until decision 228; the contract's schema states them (the engine refuses a
 * breach before a handler runs), and test/wit/contract-agreement.test.ts checks that the schema
 * accepts exactly what this table accepts.
 */
import type { WitLimits } from "../../src/wit/protocol.js";
import { invalidRequest } from "../../src/wit/daemon/errors.js";

type Rule =
  | { field: string; kind: "id" | "path" | "description" | "string" }
  | { field: string; kind: "ttl" }
  | { field: string; kind: "files" | "symbols" }
  | { field: string; kind: "staged" };

const RULES: Record<string, Rule[]> = {
  ping: [],
  register: [
    { field: "name", kind: "id" },
    { field: "sessionId", kind: "id" },
  ],
  "lock.acquire": [
    { field: "symbolPath", kind: "path" },
    { field: "sessionId", kind: "id" },
    { field: "ttlMs", kind: "ttl" },
  ],
  "lock.release": [
    { field: "symbolPath", kind: "path" },
    { field: "sessionId", kind: "id" },
  ],
  "lock.query": [{ field: "sessionId", kind: "id" }],
  "intent.declare": [
    { field: "sessionId", kind: "id" },
    { field: "description", kind: "description" },
    { field: "files", kind: "files" },
    { field: "symbols", kind: "symbols" },
  ],
  "intent.update": [
    { field: "intentId", kind: "id" },
    { field: "sessionId", kind: "id" },
  ],
  "intent.query": [
    { field: "sessionId", kind: "id" },
    { field: "file", kind: "path" },
    { field: "status", kind: "string" },
  ],
  "contract.propose": [
    { field: "sessionId", kind: "id" },
    { field: "symbolPath", kind: "path" },
  ],
  "contract.respond": [
    { field: "contractId", kind: "id" },
    { field: "sessionId", kind: "id" },
  ],
  "contract.retire": [
    { field: "contractId", kind: "id" },
    { field: "sessionId", kind: "id" },
  ],
  "contract.query": [
    { field: "symbolPath", kind: "path" },
    { field: "status", kind: "string" },
  ],
  "check-contracts": [{ field: "files", kind: "staged" }],
};

function maxLength(kind: "id" | "path" | "description" | "string", limits: WitLimits): number {
  switch (kind) {
    case "id":
      return limits.maxIdLength;
    case "path":
      return limits.maxPathLength;
    case "description":
      return limits.maxDescriptionLength;
    case "string":
      return limits.maxStringLength;
  }
}

/**
 * Whether `s` has more than `max` characters, counted as JSON Schema counts them (Unicode code
 * points, so the contract's maxLength and the daemon agree on astral characters too).
 */
export function longerThan(s: string, max: number): boolean {
  if (s.length <= max) return false; // code points never outnumber UTF-16 units
  let n = 0;
  for (const _ of s) if (++n > max) return true;
  return false;
}

/** Throws INVALID_REQUEST for the first limit `params` (already schema-valid) breaks. */
export function checkLimits(method: string, params: Record<string, unknown>, limits: WitLimits): void {
  for (const rule of RULES[method] ?? []) {
    const value = params[rule.field];
    if (value === undefined) continue;
    switch (rule.kind) {
      case "ttl": {
        const ttl = value as number;
        if (!Number.isSafeInteger(ttl) || Math.abs(ttl) > limits.maxTtlMs) {
          throw invalidRequest(
            rule.field,
            `must be an integer between -${limits.maxTtlMs} and ${limits.maxTtlMs} milliseconds`,
          );
        }
        break;
      }
      case "files":
      case "symbols": {
        const list = value as string[];
        const max = rule.kind === "files" ? limits.maxIntentFiles : limits.maxIntentSymbols;
        const itemMax = rule.kind === "files" ? limits.maxIntentFileLength : limits.maxIdLength;
        if (list.length > max) throw invalidRequest(rule.field, `at most ${max} entries`);
        const long = list.findIndex((s) => longerThan(s, itemMax));
        if (long >= 0) throw invalidRequest(rule.field, `/${rule.field}/${long} is longer than ${itemMax} characters`);
        break;
      }
      case "staged": {
        const files = value as { path: string; content: string }[];
        if (files.length > limits.maxCheckFiles)
          throw invalidRequest(rule.field, `at most ${limits.maxCheckFiles} files per call`);
        files.forEach((f, i) => {
          if (longerThan(f.path, limits.maxPathLength))
            throw invalidRequest(rule.field, `/files/${i}/path is longer than ${limits.maxPathLength} characters`);
          if (
            f.content.length > limits.maxFileContentBytes ||
            Buffer.byteLength(f.content, "utf8") > limits.maxFileContentBytes
          ) {
            throw invalidRequest(rule.field, `/files/${i}/content is larger than ${limits.maxFileContentBytes} bytes`);
          }
        });
        break;
      }
      default: {
        const max = maxLength(rule.kind, limits);
        if (longerThan(value as string, max)) throw invalidRequest(rule.field, `longer than ${max} characters`);
      }
    }
  }
}
