/**
 * The keyword families of the structural pass, in the order the checker runs them. The keywords the
 * checker decides itself (type, const/enum, the combinators and `$ref`) are CORE_KEYWORDS; every other
 * keyword it decides is in exactly one family's list here, and `HANDLED_KEYWORDS` is derived from
 * both: a B-side keyword outside it is undecided unless equal on both sides.
 */
import { applicators } from "./applicators.js";
import { arrays } from "./arrays.js";
import type { KeywordFamily } from "./family.js";
import { numbers } from "./numbers.js";
import { objects } from "./objects.js";
import { strings } from "./strings.js";

export type { KeywordFamily } from "./family.js";

export const KEYWORD_FAMILIES: readonly KeywordFamily[] = [numbers, strings, arrays, objects, applicators];

/** Decided by the checker's own dispatch (containment.ts): types, finite values, allOf/oneOf/anyOf. */
export const CORE_KEYWORDS: readonly string[] = ["type", "enum", "const", "allOf", "oneOf", "anyOf"];

export const HANDLED_KEYWORDS: ReadonlySet<string> = new Set([
  ...CORE_KEYWORDS,
  ...KEYWORD_FAMILIES.flatMap((f) => f.keywords),
]);
