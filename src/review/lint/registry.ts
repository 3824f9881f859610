/** The lint rule registry: every rule, in report order. Add a rule by adding its file and one line here. */
import type { LintRule } from "./rule.js";
import { unresolvedRef } from "./rules/unresolved-ref.js";
import { duplicateKey } from "./rules/duplicate-key.js";
import { memberWithoutType } from "./rules/member-without-type.js";
import { shadowedGlobalName } from "./rules/shadowed-global-name.js";
import { discriminatorMismatch } from "./rules/discriminator-mismatch.js";
import { oneOfOverlap } from "./rules/oneof-overlap.js";
import { recursiveToolInput } from "./rules/recursive-tool-input.js";
import { nonPortableRegex } from "./rules/non-portable-regex.js";
import { catastrophicBacktracking } from "./rules/catastrophic-backtracking.js";
import { missingDescription } from "./rules/missing-description.js";

export const RULES: readonly LintRule[] = [
  unresolvedRef,
  duplicateKey,
  memberWithoutType,
  shadowedGlobalName,
  discriminatorMismatch,
  oneOfOverlap,
  recursiveToolInput,
  nonPortableRegex,
  catastrophicBacktracking,
  missingDescription,
];

/** Findings the engine itself reports (not rules of the registry, but waivable and overridable alike). */
export const ENGINE_RULES = {
  load: "the document cannot be read or parsed; nothing else could be checked",
  "unused-waiver":
    "a waiver in the lint config matches no finding any more: delete it (stale waivers hide future regressions)",
} as const;

export function findRule(id: string): LintRule | undefined {
  return RULES.find((r) => r.id === id);
}
