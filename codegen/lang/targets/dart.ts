/**
 * Dart (dart:convert, Dart 3): quicktype's renderer, with
 * - discriminated unions rendered as a `sealed class` whose `fromJson` factory dispatches on the
 *   tag and whose members `extend` it (decision 103);
 * - `toJson` leaving out an optional member that is null (quicktype writes `"error_code": null`,
 *   which the schema rejects); an optional member that may itself be null is still written, so a
 *   null `ToolCall.result` survives and an absent one comes back as null (decision 102's limit);
 * - no `package:meta` import (the `required` keyword is the language's own since Dart 2.12).
 * Not compiled here: no Dart SDK in Debian 12 (decision 104).
 */
import {
  ClassType,
  ClassProperty,
  DartRenderer,
  DartTargetLanguage,
  dartOptions,
  getOptionValues,
  type Name,
  type Sourcelike,
} from "quicktype-core";
import type { LangModel, UnionInfo } from "../prepass.js";
import { ModelIndex } from "../quicktype.js";
import type { LangTarget } from "./target.js";

class ContractDartRenderer extends DartRenderer {
  model!: LangModel;
  private index?: ModelIndex;
  /** Set while a union member's class line is emitted: the base it extends. */
  private extendsBase?: Sourcelike;

  private idx(): ModelIndex {
    return (this.index ??= new ModelIndex(this.model, this.topLevels));
  }

  private memberName(def: string): Sourcelike {
    const t = this.topLevels.get(def);
    if (!t) throw new Error(`dart: union member ${def} is not a top level`);
    return this.nameForNamedType(t);
  }

  protected override emitBlock(line: Sourcelike, f: () => void): void {
    if (this.extendsBase !== undefined && Array.isArray(line) && line[0] === "class ") {
      const base = this.extendsBase;
      this.extendsBase = undefined;
      return super.emitBlock([...line, " extends ", base], f);
    }
    super.emitBlock(line, f);
  }

  protected override emitClassDefinition(c: ClassType, className: Name): void {
    const union = this.idx().union(c);
    if (union) return this.emitSealed(union, className);
    const bases = this.idx().unionsOf(c);
    // Dart has single inheritance: a class in two unions extends the first (none here do).
    if (bases[0]) this.extendsBase = this.memberName(bases[0].name);
    super.emitClassDefinition(c, className);
    this.extendsBase = undefined;
  }

  /** Replaces quicktype's `_emitMapEncoderDecoder` (private in its typings; see go.ts). */
  emitMapCodec(c: ClassType, className: Name): void {
    const str = (s: string) => JSON.stringify(s).replace(/\$/g, "\\$");
    this.ensureBlankLine();
    this.emitLine("factory ", className, ".fromJson(Map<String, dynamic> json) => ", className, "(");
    this.indent(() =>
      this.forEachClassProperty(c, "none", (name: Name, jsonName: string, p: ClassProperty) => {
        this.emitLine(
          name,
          ": ",
          this.fromDynamicExpression(p.type.isNullable, p.type, "json[", str(jsonName), "]"),
          ",",
        );
      }),
    );
    this.emitLine(");");
    this.ensureBlankLine();
    this.emitLine("Map<String, dynamic> toJson() => {");
    this.indent(() =>
      this.forEachClassProperty(c, "none", (name: Name, jsonName: string, p: ClassProperty) => {
        const entry = [str(jsonName), ": ", this.toDynamicExpression(p.type.isNullable, p.type, name), ","];
        if (p.isOptional && !this.idx().optionalNullable(c, jsonName)) this.emitLine("if (", name, " != null) ", entry);
        else this.emitLine(entry);
      }),
    );
    this.emitLine("};");
  }

  private emitSealed(u: UnionInfo, name: Name): void {
    const n = this.sourcelikeToString(name);
    this.emitDescription([
      ...(u.description ? [u.description, ""] : []),
      `A tagged union on \`${u.tagMember}\`: ${u.members.map((m) => `${this.sourcelikeToString(this.memberName(m.def))} ("${m.tag}")`).join(", ")}.`,
    ]);
    this.emitBlock(["sealed class ", name], () => {
      this.emitLine("const ", name, "();");
      this.ensureBlankLine();
      this.emitBlock(["factory ", name, ".fromJson(Map<String, dynamic> json)"], () => {
        this.emitLine(`switch (json[${JSON.stringify(u.tagMember)}]) {`);
        this.indent(() => {
          for (const m of u.members)
            this.emitLine(`case ${JSON.stringify(m.tag)}: return `, this.memberName(m.def), ".fromJson(json);");
        });
        this.emitLine("}");
        this.emitLine(
          `throw FormatException(${JSON.stringify(`${n}: unknown ${u.tagMember} `)} + json[${JSON.stringify(u.tagMember)}].toString());`,
        );
      });
      this.ensureBlankLine();
      this.emitLine("Map<String, dynamic> toJson();");
    });
  }
}

(ContractDartRenderer.prototype as unknown as Record<string, unknown>)._emitMapEncoderDecoder =
  ContractDartRenderer.prototype.emitMapCodec;

class ContractDartLanguage extends DartTargetLanguage {
  constructor(private readonly model: LangModel) {
    super();
  }
  protected override makeRenderer(
    renderContext: ConstructorParameters<typeof DartRenderer>[1],
    untyped: Record<string, unknown>,
  ): DartRenderer {
    const r = new ContractDartRenderer(this, renderContext, getOptionValues(dartOptions, untyped as never));
    r.model = this.model;
    return r;
  }
}

export const dart: LangTarget = {
  id: "dart",
  displayName: "Dart 3",
  unions: "tagged",
  commentPrefix: "//",
  fileName: (contract) => `${contract.replace(/[^A-Za-z0-9]+/g, "_").toLowerCase()}.dart`,
  language: (model) => new ContractDartLanguage(model),
  rendererOptions: () => ({ "required-props": "true", "final-props": "true" }),
  finish: (text) => text.replace(/^import 'package:meta\/meta\.dart';\n/m, ""),
};
