/**
 * The registry of change kinds, like the lint rule registry: every kind `diff` can emit, one unit a
 * file (kind.ts says what a unit holds). The engine dispatches to them in this order (a difference
 * is named by the first unit that matches it, so the specific payload kinds come before the
 * generic ones); `--level` accepts only these ids, `diff --list-kinds` prints them, and
 * docs/review.md's table is generated from them. Adding a kind: one file, and one line here.
 */
import openPropertyAdded from "./payload/open-property-added.js";
import openPropertyRemoved from "./payload/open-property-removed.js";
import paramRemoved from "./payload/param-removed.js";
import paramAdded from "./payload/param-added.js";
import paramRequired from "./payload/param-required.js";
import paramOptional from "./payload/param-optional.js";
import parameterRemoved from "./payload/parameter-removed.js";
import parameterAdded from "./payload/parameter-added.js";
import parameterRequired from "./payload/parameter-required.js";
import parameterOptional from "./payload/parameter-optional.js";
import patternChanged from "./payload/pattern-changed.js";
import formatChanged from "./payload/format-changed.js";
import typeNarrowed from "./payload/type-narrowed.js";
import typeWidened from "./payload/type-widened.js";
import enumValueRemoved from "./payload/enum-value-removed.js";
import enumValueAdded from "./payload/enum-value-added.js";
import constChanged from "./payload/const-changed.js";
import requiredAdded from "./payload/required-added.js";
import requiredRemoved from "./payload/required-removed.js";
import propertyRemoved from "./payload/property-removed.js";
import propertyAdded from "./payload/property-added.js";
import additionalPropertiesRestricted from "./payload/additional-properties-restricted.js";
import additionalPropertiesRelaxed from "./payload/additional-properties-relaxed.js";
import patternTightened from "./payload/pattern-tightened.js";
import patternRelaxed from "./payload/pattern-relaxed.js";
import formatTightened from "./payload/format-tightened.js";
import formatRelaxed from "./payload/format-relaxed.js";
import minLengthRaised from "./payload/min-length-raised.js";
import minLengthLowered from "./payload/min-length-lowered.js";
import maxLengthLowered from "./payload/max-length-lowered.js";
import maxLengthRaised from "./payload/max-length-raised.js";
import minimumRaised from "./payload/minimum-raised.js";
import minimumLowered from "./payload/minimum-lowered.js";
import maximumLowered from "./payload/maximum-lowered.js";
import maximumRaised from "./payload/maximum-raised.js";
import minItemsRaised from "./payload/min-items-raised.js";
import minItemsLowered from "./payload/min-items-lowered.js";
import maxItemsLowered from "./payload/max-items-lowered.js";
import maxItemsRaised from "./payload/max-items-raised.js";
import minPropertiesRaised from "./payload/min-properties-raised.js";
import minPropertiesLowered from "./payload/min-properties-lowered.js";
import maxPropertiesLowered from "./payload/max-properties-lowered.js";
import maxPropertiesRaised from "./payload/max-properties-raised.js";
import multipleOfTightened from "./payload/multiple-of-tightened.js";
import multipleOfRelaxed from "./payload/multiple-of-relaxed.js";
import uniqueItemsAdded from "./payload/unique-items-added.js";
import uniqueItemsRemoved from "./payload/unique-items-removed.js";
import branchRemoved from "./payload/branch-removed.js";
import branchAdded from "./payload/branch-added.js";
import schemaNarrowed from "./payload/schema-narrowed.js";
import schemaWidened from "./payload/schema-widened.js";
import constraintChanged from "./payload/constraint-changed.js";
import nestingTooDeep from "./payload/nesting-too-deep.js";
import equivalent from "./payload/equivalent.js";
import payloadRejected from "./payload/payload-rejected.js";
import payloadAdmitted from "./payload/payload-admitted.js";
import analysisFailed from "./payload/analysis-failed.js";
import errorAdded from "./openrpc/error-added.js";
import errorRemoved from "./openrpc/error-removed.js";
import methodAdded from "./openrpc/method-added.js";
import methodRemoved from "./openrpc/method-removed.js";
import paramRenamed from "./openrpc/param-renamed.js";
import paramStructureChanged from "./openrpc/param-structure-changed.js";
import extensibleEnumValueAdded from "./openapi/extensible-enum-value-added.js";
import extensibleEnumValueRemoved from "./openapi/extensible-enum-value-removed.js";
import nonJsonSchemaChanged from "./openapi/non-json-schema-changed.js";
import operationAdded from "./openapi/operation-added.js";
import operationRemoved from "./openapi/operation-removed.js";
import parameterMediaTypeChanged from "./openapi/parameter-media-type-changed.js";
import parameterSerializationChanged from "./openapi/parameter-serialization-changed.js";
import parameterStyleChanged from "./openapi/parameter-style-changed.js";
import requestBodyAddedRequired from "./openapi/request-body-added-required.js";
import requestBodyOptional from "./openapi/request-body-optional.js";
import requestBodyRequired from "./openapi/request-body-required.js";
import requestMediaTypeAdded from "./openapi/request-media-type-added.js";
import requestMediaTypeRemoved from "./openapi/request-media-type-removed.js";
import responseAdded from "./openapi/response-added.js";
import responseMediaTypeAdded from "./openapi/response-media-type-added.js";
import responseMediaTypeRemoved from "./openapi/response-media-type-removed.js";
import responseRemoved from "./openapi/response-removed.js";
import securityAlternativeAdded from "./openapi/security-alternative-added.js";
import securityRequirementAdded from "./openapi/security-requirement-added.js";
import securitySchemeChanged from "./openapi/security-scheme-changed.js";
import definitionAdded from "./document/definition-added.js";
import definitionRemoved from "./document/definition-removed.js";
import definitionRenamed from "./document/definition-renamed.js";
import documentKindChanged from "./document/document-kind-changed.js";
import commentChanged from "./annotation/comment-changed.js";
import defaultChanged from "./annotation/default-changed.js";
import deprecated from "./annotation/deprecated.js";
import descriptionChanged from "./annotation/description-changed.js";
import exampleChanged from "./annotation/example-changed.js";
import examplesChanged from "./annotation/examples-changed.js";
import summaryChanged from "./annotation/summary-changed.js";
import titleChanged from "./annotation/title-changed.js";
import undeprecated from "./annotation/undeprecated.js";
import type { ChangeKind, DifferenceView, SurfaceOutcome } from "./kind.js";

export type { ChangeKind, Draft, KindLevel } from "./kind.js";

export const CHANGE_KINDS: readonly ChangeKind[] = [
  openPropertyAdded,
  openPropertyRemoved,
  paramRemoved,
  paramAdded,
  paramRequired,
  paramOptional,
  parameterRemoved,
  parameterAdded,
  parameterRequired,
  parameterOptional,
  patternChanged,
  formatChanged,
  typeNarrowed,
  typeWidened,
  enumValueRemoved,
  enumValueAdded,
  constChanged,
  requiredAdded,
  requiredRemoved,
  propertyRemoved,
  propertyAdded,
  additionalPropertiesRestricted,
  additionalPropertiesRelaxed,
  patternTightened,
  patternRelaxed,
  formatTightened,
  formatRelaxed,
  minLengthRaised,
  minLengthLowered,
  maxLengthLowered,
  maxLengthRaised,
  minimumRaised,
  minimumLowered,
  maximumLowered,
  maximumRaised,
  minItemsRaised,
  minItemsLowered,
  maxItemsLowered,
  maxItemsRaised,
  minPropertiesRaised,
  minPropertiesLowered,
  maxPropertiesLowered,
  maxPropertiesRaised,
  multipleOfTightened,
  multipleOfRelaxed,
  uniqueItemsAdded,
  uniqueItemsRemoved,
  branchRemoved,
  branchAdded,
  schemaNarrowed,
  schemaWidened,
  nestingTooDeep,
  constraintChanged,
  equivalent,
  payloadRejected,
  payloadAdmitted,
  analysisFailed,
  errorAdded,
  errorRemoved,
  methodAdded,
  methodRemoved,
  paramRenamed,
  paramStructureChanged,
  extensibleEnumValueAdded,
  extensibleEnumValueRemoved,
  nonJsonSchemaChanged,
  operationAdded,
  operationRemoved,
  parameterMediaTypeChanged,
  parameterSerializationChanged,
  parameterStyleChanged,
  requestBodyAddedRequired,
  requestBodyOptional,
  requestBodyRequired,
  requestMediaTypeAdded,
  requestMediaTypeRemoved,
  responseAdded,
  responseMediaTypeAdded,
  responseMediaTypeRemoved,
  responseRemoved,
  securityAlternativeAdded,
  securityRequirementAdded,
  securitySchemeChanged,
  definitionAdded,
  definitionRemoved,
  definitionRenamed,
  documentKindChanged,
  commentChanged,
  defaultChanged,
  deprecated,
  descriptionChanged,
  exampleChanged,
  examplesChanged,
  summaryChanged,
  titleChanged,
  undeprecated,
];

const BY_ID = new Map(CHANGE_KINDS.map((k) => [k.id, k]));

export function findKind(id: string): ChangeKind | undefined {
  return BY_ID.get(id);
}

const DIFFERENCE_UNITS = CHANGE_KINDS.flatMap((k) =>
  k.detect.on === "difference" ? [{ id: k.id, matches: k.detect.matches }] : [],
);
const SURFACE_UNITS = CHANGE_KINDS.flatMap((k) =>
  k.detect.on === "surface" ? [{ id: k.id, matches: k.detect.matches }] : [],
);

/** The kind of a difference on a payload surface: the first unit that matches it (constraint-changed when none does). */
export function differenceKind(v: DifferenceView): string {
  return DIFFERENCE_UNITS.find((u) => u.matches(v))?.id ?? "constraint-changed";
}

/** The kind of a changed surface as a whole. */
export function surfaceKind(o: SurfaceOutcome): string {
  return SURFACE_UNITS.find((u) => u.matches(o))?.id ?? "analysis-failed";
}

/** The units detecting on the two documents, and on annotation edits. */
export const MODEL_UNITS = CHANGE_KINDS.flatMap((k) =>
  k.detect.on === "models" ? [{ id: k.id, find: k.detect.find }] : [],
);
export const EDIT_UNITS = CHANGE_KINDS.flatMap((k) =>
  k.detect.on === "edit" ? [{ id: k.id, find: k.detect.find }] : [],
);

/** The kinds table of docs/review.md (between its `kinds:start`/`kinds:end` markers). */
export function kindsMarkdown(): string {
  const rows = CHANGE_KINDS.map(
    (k) => `| \`${k.id}\` | ${k.family} | ${k.direction} | ${k.level} | ${k.doc.replace(/\|/g, "\\|")} |`,
  );
  return ["| kind | family | direction | default level | meaning |", "|---|---|---|---|---|", ...rows].join("\n");
}
