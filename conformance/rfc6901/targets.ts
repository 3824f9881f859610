import {
  escapeToken,
  evaluatePointer,
  formatPointer,
  parsePointer,
  unescapeToken,
  type JsonValue,
} from "../../src/json/index.js";
import type { PointerTarget } from "./suite.js";

/** src/json's pointer module as a conformance target. */
export const srcJsonPointer: PointerTarget = {
  parse: parsePointer,
  format: formatPointer,
  escape: escapeToken,
  unescape: unescapeToken,
  evaluate(document, pointer, mode) {
    const r = evaluatePointer(document as JsonValue, pointer, { mode });
    return r.ok ? { found: true, value: r.value } : { found: false };
  },
};
