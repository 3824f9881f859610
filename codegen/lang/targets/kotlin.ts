/**
 * Kotlin (kotlinx.serialization): quicktype's KotlinX renderer, with a discriminated union rendered
 * as a `sealed class` whose members extend it, serialized through a `JsonContentPolymorphicSerializer`
 * that picks the member by the tag (decision 103). Encoding writes the member as it is (its tag is
 * one of its own members). Not compiled here: Debian's kotlinc is 1.3 without kotlinx (decision 104).
 */
import {
  ClassType,
  KotlinTargetLanguage,
  KotlinXRenderer,
  getOptionValues,
  kotlinOptions,
  type Name,
  type Sourcelike,
} from "quicktype-core";
import { pascalCase } from "../../names.js";
import type { LangModel, UnionInfo } from "../prepass.js";
import { ModelIndex } from "../quicktype.js";
import type { LangTarget } from "./target.js";

class ContractKotlinRenderer extends KotlinXRenderer {
  model!: LangModel;
  private index?: ModelIndex;

  private idx(): ModelIndex {
    return (this.index ??= new ModelIndex(this.model, this.topLevels));
  }

  private memberName(def: string): Sourcelike {
    const t = this.topLevels.get(def);
    if (!t) throw new Error(`kotlin: union member ${def} is not a top level`);
    return this.nameForNamedType(t);
  }

  protected override emitClassDefinition(c: ClassType, className: Name): void {
    const union = this.idx().union(c);
    if (union) return this.emitSealed(union, className);
    super.emitClassDefinition(c, className);
  }

  /** Closes the primary constructor; a union member also extends its sealed class. */
  protected override emitClassDefinitionMethods(c: ClassType, className: Name): void {
    const base = this.idx().unionsOf(c)[0];
    if (base === undefined || c.getProperties().size === 0) return super.emitClassDefinitionMethods(c, className);
    this.emitLine(") : ", this.memberName(base.name), "()");
  }

  private emitSealed(u: UnionInfo, name: Name): void {
    const n = this.sourcelikeToString(name);
    this.emitDescription([
      ...(u.description ? [u.description, ""] : []),
      `A tagged union on \`${u.tagMember}\`: ${u.members.map((m) => `${this.sourcelikeToString(this.memberName(m.def))} ("${m.tag}")`).join(", ")}.`,
    ]);
    this.emitLine("@Serializable(with = ", name, "Serializer::class)");
    this.emitLine("sealed class ", name);
    this.ensureBlankLine();
    this.emitBlock(
      ["object ", name, "Serializer : JsonContentPolymorphicSerializer<", name, ">(", name, "::class)"],
      () => {
        this.emitLine("override fun selectDeserializer(element: JsonElement): DeserializationStrategy<", name, "> =");
        this.indent(() => {
          this.emitLine(
            `when (val tag = element.jsonObject[${JSON.stringify(u.tagMember)}]?.jsonPrimitive?.contentOrNull) {`,
          );
          this.indent(() => {
            for (const m of u.members)
              this.emitLine(JSON.stringify(m.tag), " -> ", this.memberName(m.def), ".serializer()");
            this.emitLine(`else -> throw SerializationException("${n}: unknown ${u.tagMember} \${tag}")`);
          });
          this.emitLine("}");
        });
      },
    );
  }
}

class ContractKotlinLanguage extends KotlinTargetLanguage {
  constructor(private readonly model: LangModel) {
    super();
  }
  protected override makeRenderer(
    renderContext: ConstructorParameters<typeof KotlinXRenderer>[1],
    untyped: Record<string, unknown>,
  ): KotlinXRenderer {
    const r = new ContractKotlinRenderer(this, renderContext, getOptionValues(kotlinOptions, untyped as never));
    r.model = this.model;
    return r;
  }
}

const pkg = (contract: string) => contract.replace(/[^A-Za-z0-9]+/g, "").toLowerCase();

export const kotlin: LangTarget = {
  id: "kotlin",
  displayName: "Kotlin (kotlinx.serialization)",
  unions: "tagged",
  commentPrefix: "//",
  fileName: (contract) => `${pascalCase(contract)}.kt`,
  language: (model) => new ContractKotlinLanguage(model),
  rendererOptions: (contract) => ({ framework: "kotlinx", package: `contractsuite.${pkg(contract)}` }),
};
