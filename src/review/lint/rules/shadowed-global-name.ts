import type { LintRule, RuleFinding } from "../rule.js";
import { pascalCase } from "../../../schema/names.js";

/** Names of TypeScript, JavaScript, DOM and Node globals a generated type would shadow. */
export const GLOBAL_NAMES = new Set(
  (
    "Object Function Array String Number Boolean Symbol BigInt Date RegExp Error EvalError RangeError ReferenceError SyntaxError TypeError URIError AggregateError " +
    "Map Set WeakMap WeakSet WeakRef Promise Proxy Reflect JSON Math Intl Atomics Iterator AsyncIterator Generator AsyncGenerator ArrayBuffer SharedArrayBuffer DataView " +
    "Int8Array Uint8Array Uint8ClampedArray Int16Array Uint16Array Int32Array Uint32Array Float32Array Float64Array BigInt64Array BigUint64Array " +
    "Record Partial Required Readonly Pick Omit Exclude Extract NonNullable ReturnType Parameters InstanceType Awaited Uppercase Lowercase Capitalize Uncapitalize ThisType PropertyKey " +
    "Document Window Node Element Text Comment Attr Event EventTarget CustomEvent MessageEvent ErrorEvent CloseEvent ProgressEvent Location History Navigator Screen Storage " +
    "Position Range Selection Reference Request Response Headers Body URL URLSearchParams Blob File FileList FormData Image Audio Option Worker WebSocket EventSource " +
    "AbortController AbortSignal TextEncoder TextDecoder ReadableStream WritableStream TransformStream Performance Notification Permissions Crypto CryptoKey " +
    "Credential Cache Clipboard Geolocation GeolocationPosition Plugin MimeType DOMException Buffer Console Process Module NodeJS Global Timeout Immediate"
  ).split(/\s+/),
);

export const shadowedGlobalName: LintRule = {
  id: "shadowed-global-name",
  category: "naming",
  defaultSeverity: "warning",
  doc:
    "A definition whose generated TypeScript name is a TypeScript, JavaScript, DOM or Node global (`Symbol`, `Document`, `Position`, `Reference`, `Request`...). " +
    "Inside generated code and every module that imports it, the type shadows the global, so `new Request(...)`, `instanceof Document` or `Symbol.iterator` " +
    "silently mean something else, and editors auto-import the wrong one. Fix: rename the definition (e.g. `SymbolInfo`, `DocumentRef`).",
  check(ctx) {
    const out: RuleFinding[] = [];
    for (const s of ctx.sites) {
      if (s.role !== "definition" || s.name === undefined) continue;
      const generated = pascalCase(s.name);
      if (GLOBAL_NAMES.has(s.name) || GLOBAL_NAMES.has(generated)) {
        out.push({
          file: s.file,
          pointer: s.pointer,
          message: `definition "${s.name}" generates the type ${generated}, which shadows the global ${generated}`,
        });
      }
    }
    return out;
  },
};
