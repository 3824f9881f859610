/** Kinds the structural pass and the payload search produce on any schema surface. */
import { kind, type ChangeKind } from "./kind.js";

const k = kind("payload", "surface", "by-proof");

/** Pairs: the narrowing kind first, its widening twin second. */
export const PAYLOAD_KINDS: ChangeKind[] = [
  k("type-narrowed", "a JSON type the old version allowed here is no longer allowed"),
  k("type-widened", "a JSON type is newly allowed here"),
  k("enum-value-removed", "a value of an `enum` (or the set of allowed values) is gone"),
  k("enum-value-added", "a value is newly allowed by an `enum`"),
  k("const-changed", "a `const` has another value"),
  k("required-added", "a member is newly required"),
  k("required-removed", "a member is no longer required"),
  k("property-removed", "a member is no longer allowed (closed object)"),
  k("property-added", "a member is newly allowed"),
  k(
    "open-property-added",
    "an open object names a member it left to `additionalProperties` before: values it let through there may be refused (decision 176)",
  ),
  k("open-property-removed", "an open object no longer names a member: any value may appear there now (decision 176)"),
  k("additional-properties-restricted", "members the schema does not name are refused or constrained"),
  k("additional-properties-relaxed", "members the schema does not name are newly allowed"),
  k("pattern-tightened", "a `pattern` is added"),
  k("pattern-relaxed", "a `pattern` is removed"),
  k("pattern-changed", "a `pattern` is replaced by another (decided by payloads)"),
  k("format-tightened", "a `format` is added"),
  k("format-relaxed", "a `format` is removed"),
  k("format-changed", "a `format` is replaced by another"),
  k("min-length-raised", "`minLength` grows"),
  k("min-length-lowered", "`minLength` shrinks"),
  k("max-length-lowered", "`maxLength` shrinks"),
  k("max-length-raised", "`maxLength` grows"),
  k("minimum-raised", "the lower bound grows (or becomes exclusive)"),
  k("minimum-lowered", "the lower bound shrinks"),
  k("maximum-lowered", "the upper bound shrinks (or becomes exclusive)"),
  k("maximum-raised", "the upper bound grows"),
  k("multiple-of-tightened", "`multipleOf` no longer divides the old one"),
  k("multiple-of-relaxed", "`multipleOf` is removed or divides the old one"),
  k("min-items-raised", "`minItems` grows"),
  k("min-items-lowered", "`minItems` shrinks"),
  k("max-items-lowered", "`maxItems` shrinks"),
  k("max-items-raised", "`maxItems` grows"),
  k("unique-items-added", "`uniqueItems` becomes true"),
  k("unique-items-removed", "`uniqueItems` is dropped"),
  k("min-properties-raised", "`minProperties` grows"),
  k("min-properties-lowered", "`minProperties` shrinks"),
  k("max-properties-lowered", "`maxProperties` shrinks"),
  k("max-properties-raised", "`maxProperties` grows"),
  k("branch-removed", "values only a removed `oneOf`/`anyOf` branch allowed are refused"),
  k("branch-added", "a new `oneOf`/`anyOf` branch allows more values"),
  k("schema-narrowed", "a schema accepts nothing where it accepted values"),
  k("schema-widened", "a schema accepts values where it accepted none"),
  k(
    "constraint-changed",
    "a keyword the structural pass decides only by sufficient conditions (`not`, `if`, `dependentSchemas`, `patternProperties`, `propertyNames`...) changed",
  ),
  kind(
    "payload",
    "surface",
    "compatible",
  )(
    "equivalent",
    "the surface is rewritten with the same instances (inlined `$ref`, one-branch `oneOf`, renamed definition): proved both ways",
  ),
  kind(
    "payload",
    "surface",
    "breaking",
  )(
    "payload-rejected",
    "the payload search found a request the old version accepts and the new one rejects, at no single keyword",
  ),
  kind(
    "payload",
    "surface",
    "breaking",
  )(
    "payload-admitted",
    "the payload search found a response the new version allows and the old one does not, at no single keyword",
  ),
  kind(
    "payload",
    "surface",
    "needs-review",
  )("analysis-failed", "comparing a surface failed on this document; review it by hand"),
];
