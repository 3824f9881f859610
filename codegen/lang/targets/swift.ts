/**
 * Swift (Foundation Codable): quicktype's renderer, with a discriminated union rendered as an enum
 * with one case per member (`case blockStartEvent(BlockStartEvent)`); `init(from:)` reads the tag
 * and decodes that member from the same decoder, `encode(to:)` encodes the member as it is
 * (decision 103). Not compiled here: no Swift in Debian 12 (decision 104).
 */
import {
  ClassType,
  SwiftRenderer,
  SwiftTargetLanguage,
  getOptionValues,
  swiftOptions,
  type Name,
  type Sourcelike,
} from "quicktype-core";
import { pascalCase } from "../../names.js";
import type { LangModel, UnionInfo } from "../prepass.js";
import { ModelIndex } from "../quicktype.js";
import type { LangTarget } from "./target.js";

/* See go.ts: quicktype-core 26 types SwiftRenderer's renderClassDefinition private; it is overridden. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const LooseSwiftRenderer = SwiftRenderer as unknown as new (
  ...args: ConstructorParameters<typeof SwiftRenderer>
) => any;

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

class ContractSwiftRenderer extends LooseSwiftRenderer {
  model!: LangModel;
  private index?: ModelIndex;

  private idx(): ModelIndex {
    return (this.index ??= new ModelIndex(this.model, this.topLevels));
  }

  private memberName(def: string): string {
    const t = this.topLevels.get(def);
    if (!t) throw new Error(`swift: union member ${def} is not a top level`);
    return this.sourcelikeToString(this.nameForNamedType(t));
  }

  renderClassDefinition(c: ClassType, className: Name): void {
    const union = this.idx().union(c);
    if (union) return this.renderTaggedUnion(union, className);
    super.renderClassDefinition(c, className);
  }

  private renderTaggedUnion(u: UnionInfo, name: Name): void {
    const n = this.sourcelikeToString(name);
    const line = (...parts: Sourcelike[]) => this.emitLine(...parts);
    const block = (head: Sourcelike, body: () => void) => {
      line(head, " {");
      this.indent(body);
      line("}");
    };
    this.emitLineOnce("import Foundation");
    this.ensureBlankLine();
    this.emitDescription([
      ...(u.description ? [u.description, ""] : []),
      `A tagged union on \`${u.tagMember}\`: ${u.members.map((m) => `${this.memberName(m.def)} ("${m.tag}")`).join(", ")}.`,
    ]);
    this.emitMark(n, true);
    block(["public enum ", name, ": Codable"], () => {
      for (const m of u.members) line("case ", lowerFirst(this.memberName(m.def)), "(", this.memberName(m.def), ")");
      this.ensureBlankLine();
      block("private enum TagCodingKeys: String, CodingKey", () => line("case tag = ", JSON.stringify(u.tagMember)));
      this.ensureBlankLine();
      block("public init(from decoder: Decoder) throws", () => {
        line("let container = try decoder.container(keyedBy: TagCodingKeys.self)");
        line("let tag = try container.decode(String.self, forKey: .tag)");
        line("switch tag {");
        for (const m of u.members) {
          line("case ", JSON.stringify(m.tag), ":");
          this.indent(() =>
            line("self = .", lowerFirst(this.memberName(m.def)), "(try ", this.memberName(m.def), "(from: decoder))"),
          );
        }
        line("default:");
        this.indent(() =>
          line(
            `throw DecodingError.dataCorruptedError(forKey: .tag, in: container, debugDescription: "${n}: unknown ${u.tagMember} \\(tag)")`,
          ),
        );
        line("}");
      });
      this.ensureBlankLine();
      block("public func encode(to encoder: Encoder) throws", () => {
        line("switch self {");
        for (const m of u.members) {
          line("case .", lowerFirst(this.memberName(m.def)), "(let value):");
          this.indent(() => line("try value.encode(to: encoder)"));
        }
        line("}");
      });
    });
  }
}

class ContractSwiftLanguage extends SwiftTargetLanguage {
  constructor(private readonly model: LangModel) {
    super();
  }
  protected override makeRenderer(
    renderContext: ConstructorParameters<typeof SwiftRenderer>[1],
    untyped: Record<string, unknown>,
  ): SwiftRenderer {
    const r = new ContractSwiftRenderer(this, renderContext, getOptionValues(swiftOptions, untyped as never));
    r.model = this.model;
    return r as unknown as SwiftRenderer;
  }
}

export const swift: LangTarget = {
  id: "swift",
  displayName: "Swift (Codable)",
  unions: "tagged",
  commentPrefix: "//",
  fileName: (contract) => `${pascalCase(contract)}.swift`,
  language: (model) => new ContractSwiftLanguage(model),
  rendererOptions: () => ({ "struct-or-class": "struct", "access-level": "public", density: "normal" }),
};
