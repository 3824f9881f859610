/**
 * Rust (serde + serde_json): quicktype's renderer with these corrections rendered in place
 * (decisions 101-103):
 * - any JSON (JsonValue, `{}`) is `serde_json::Value` (quicktype: `Option<serde_json::Value>`,
 *   which turns a present `null` into "absent");
 * - a discriminated union is an enum with one variant per member; Deserialize reads the tag and
 *   hands the whole object to that member (so member structs keep their tag and validate on their
 *   own), Serialize writes the member as it is;
 * - an optional member is `Option<T>` that is skipped when None; one whose value may also be null is
 *   `Option<Option<T>>` (or `Option<serde_json::Value>`), so absent and null stay apart;
 * - a closed object (`additionalProperties: false`) is `#[serde(deny_unknown_fields)]`; a required
 *   member that may be null must still be present (serde would take a missing Option as None).
 */
import {
  ClassType,
  RustRenderer,
  RustTargetLanguage,
  getOptionValues,
  nullableFromUnion,
  rustOptions,
  UnionType,
  type ClassProperty,
  type Name,
  type Sourcelike,
  type Type,
} from "quicktype-core";
import type { LangModel, UnionInfo } from "../prepass.js";
import { ModelIndex } from "../quicktype.js";
import type { LangTarget } from "./target.js";

/* See go.ts: quicktype-core 26 types these RustRenderer methods private; they are overridden. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const LooseRustRenderer = RustRenderer as unknown as new (...args: ConstructorParameters<typeof RustRenderer>) => any;

const DERIVE = "#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]";

class ContractRustRenderer extends LooseRustRenderer {
  model!: LangModel;
  private index?: ModelIndex;

  private idx(): ModelIndex {
    return (this.index ??= new ModelIndex(this.model, this.topLevels));
  }

  namedTypeToNameForTopLevel(t: Type): Type | undefined {
    if (t instanceof UnionType && !this.unionNeedsName(t)) return undefined;
    return super.namedTypeToNameForTopLevel(t);
  }

  rustType(t: Type, withIssues = false): Sourcelike {
    if (t.kind === "any" || t.kind === "null") return "serde_json::Value";
    return super.rustType(t, withIssues);
  }

  /** The member's type with "absent" (and, for quicktype, null) taken off. */
  private innerType(t: Type): Type {
    if (t instanceof UnionType) return nullableFromUnion(t) ?? t;
    return t;
  }

  emitStructDefinition(c: ClassType, className: Name): void {
    const union = this.idx().union(c);
    if (union) return this.emitTaggedUnion(union, className);
    this.emitDescription(this.descriptionForType(c));
    this.emitLine(DERIVE);
    if (this.idx().isClosed(c)) this.emitLine("#[serde(deny_unknown_fields)]");
    this.emitBlock(["pub struct ", className], () =>
      this.forEachClassProperty(c, "none", (name: Name, jsonName: string, p: ClassProperty) => {
        this.emitDescription(this.descriptionForClassProperty(c, jsonName));
        const rename = `rename = ${JSON.stringify(jsonName)}`;
        if (!p.isOptional) {
          // serde lets a missing Option<T> member through as None; a required nullable one must be there.
          const nullable = p.type instanceof UnionType && nullableFromUnion(p.type) !== null;
          this.emitLine("#[serde(", rename, nullable ? `, deserialize_with = "deserialize_nullable"` : "", ")]");
          this.emitLine("pub ", name, ": ", this.breakCycle(p.type, true), ",");
          return;
        }
        const inner = this.innerType(p.type);
        const skip = `default, skip_serializing_if = "Option::is_none"`;
        if (this.idx().optionalNullable(c, jsonName)) {
          // Absent -> None, null -> Some(None) (or Some(Value::Null)), value -> Some(Some(v)).
          const present =
            inner.kind === "any" || inner.kind === "null"
              ? "serde_json::Value"
              : ["Option<", this.breakCycle(inner, true), ">"];
          this.emitLine("#[serde(", rename, ", ", skip, `, deserialize_with = "deserialize_present")]`);
          this.emitLine("pub ", name, ": Option<", present, ">,");
        } else {
          this.emitLine("#[serde(", rename, ", ", skip, ")]");
          this.emitLine("pub ", name, ": Option<", this.breakCycle(inner, true), ">,");
        }
      }),
    );
  }

  private memberName(def: string): Sourcelike {
    const t = this.topLevels.get(def);
    if (!t) throw new Error(`rust: union member ${def} is not a top level`);
    return this.nameForNamedType(t);
  }

  private emitTaggedUnion(u: UnionInfo, name: Name): void {
    const n = this.sourcelikeToString(name);
    this.emitDescription([
      ...(u.description ? [u.description, ""] : []),
      `A tagged union on \`${u.tagMember}\`: ${u.members.map((m) => `${this.sourcelikeToString(this.memberName(m.def))} ("${m.tag}")`).join(", ")}.`,
    ]);
    this.emitLine("#[derive(Debug, Clone, PartialEq)]");
    this.emitBlock(["pub enum ", name], () => {
      for (const m of u.members) this.emitLine(this.memberName(m.def), "(", this.memberName(m.def), "),");
    });
    this.ensureBlankLine();
    this.emitBlock(["impl Serialize for ", name], () =>
      this.emitBlock("fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error>", () =>
        this.emitBlock("match self", () => {
          for (const m of u.members)
            this.emitLine(name, "::", this.memberName(m.def), "(v) => v.serialize(serializer),");
        }),
      ),
    );
    this.ensureBlankLine();
    this.emitBlock(["impl<'de> Deserialize<'de> for ", name], () =>
      this.emitBlock("fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error>", () => {
        this.emitLine("let value = serde_json::Value::deserialize(deserializer)?;");
        this.emitLine(
          `let tag = value.get(${JSON.stringify(u.tagMember)}).and_then(serde_json::Value::as_str).map(str::to_owned);`,
        );
        this.emitBlock("match tag.as_deref()", () => {
          for (const m of u.members) {
            this.emitLine(
              `Some(${JSON.stringify(m.tag)}) => `,
              this.memberName(m.def),
              "::deserialize(value).map(",
              name,
              "::",
              this.memberName(m.def),
              ").map_err(serde::de::Error::custom),",
            );
          }
          this.emitLine(
            `Some(other) => Err(serde::de::Error::custom(format!(${JSON.stringify(`${n}: unknown ${u.tagMember} {:?}`)}, other))),`,
          );
          this.emitLine(
            `None => Err(serde::de::Error::custom(${JSON.stringify(`${n}: missing string member "${u.tagMember}"`)})),`,
          );
        });
      }),
    );
  }

  emitSourceStructure(): void {
    this.emitLine("use serde::{Deserialize, Deserializer, Serialize, Serializer};");
    this.emitLine("#[allow(unused_imports)]");
    this.emitLine("use std::collections::HashMap;");
    this.ensureBlankLine();
    this.emitMultiline(`/// For optional members that may be null: a present member (null included) is Some.
#[allow(dead_code)]
fn deserialize_present<'de, T: Deserialize<'de>, D: Deserializer<'de>>(deserializer: D) -> Result<Option<T>, D::Error> {
    T::deserialize(deserializer).map(Some)
}

/// For required members that may be null: the member must be present (null is None).
#[allow(dead_code)]
fn deserialize_nullable<'de, T: Deserialize<'de>, D: Deserializer<'de>>(deserializer: D) -> Result<Option<T>, D::Error> {
    Option::<T>::deserialize(deserializer)
}`);
    // Every top level gets its name: quicktype leaves a nullable union (`Span | null`) unnamed and
    // names two structurally equal unions after one of them (see go.ts).
    this.forEachTopLevel("leading", (t: Type, name: Name) => {
      const named = this.namedTypeToNameForTopLevel(t) as Type | undefined;
      if (named === undefined) this.emitTopLevelAlias(t, name);
      else if (this.sourcelikeToString(this.nameForNamedType(named)) !== this.sourcelikeToString(name))
        this.emitLine("pub type ", name, " = ", this.nameForNamedType(named), ";");
    });
    this.forEachNamedType(
      "leading-and-interposing",
      (c: ClassType, name: Name) => this.emitStructDefinition(c, name),
      (e: unknown, name: Name) => this.emitEnumDefinition(e, name),
      (u: unknown, name: Name) => this.emitUnion(u, name),
    );
  }
}

class ContractRustLanguage extends RustTargetLanguage {
  constructor(private readonly model: LangModel) {
    super();
  }
  protected override makeRenderer(
    renderContext: ConstructorParameters<typeof RustRenderer>[1],
    untyped: Record<string, unknown>,
  ): RustRenderer {
    const r = new ContractRustRenderer(this, renderContext, getOptionValues(rustOptions, untyped as never));
    r.model = this.model;
    return r as unknown as RustRenderer;
  }
}

export const rust: LangTarget = {
  id: "rust",
  displayName: "Rust (serde)",
  unions: "tagged",
  commentPrefix: "//",
  fileName: (contract) => `${contract.replace(/[^A-Za-z0-9]+/g, "_").toLowerCase()}.rs`,
  language: (model) => new ContractRustLanguage(model),
  rendererOptions: () => ({
    "derive-debug": "true",
    "derive-clone": "true",
    "derive-partial-eq": "true",
    "leading-comments": "false",
    visibility: "public",
  }),
};
