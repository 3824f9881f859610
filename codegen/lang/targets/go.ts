/**
 * Go (standard library only: encoding/json, bytes, errors, fmt): quicktype's renderer with these
 * corrections rendered in place (decisions 101-103):
 * - any JSON (JsonValue, `{}`) is `json.RawMessage`: lossless (numbers keep their digits, `null`
 *   stays `null`), and an optional one keeps "absent" (empty) apart from "null";
 * - an optional member whose value may be null is `json.RawMessage` too, for the same reason;
 *   optional arrays and maps are pointers, so `[]` and absent stay apart;
 * - a discriminated union is a struct wrapping an interface (`FrameEvent{Value: &DoneEvent{...}}`),
 *   decoded by its tag and encoded as its member;
 * - every struct decodes through `decodeObject`: required members must be present, and a closed
 *   object (`additionalProperties: false`) rejects unknown members; every enum (and so every
 *   `const`) rejects values it does not list.
 */
import {
  ClassType,
  EnumType,
  GoRenderer,
  GoTargetLanguage,
  UnionType,
  getOptionValues,
  goOptions,
  type ClassProperty,
  type Name,
  type Sourcelike,
  type Type,
} from "quicktype-core";
import type { LangModel, UnionInfo } from "../prepass.js";
import { ModelIndex } from "../quicktype.js";
import type { LangTarget } from "./target.js";

/*
 * quicktype-core 26 declares GoRenderer's emit methods private in its typings; they are ordinary
 * prototype methods at run time. The base is typed loosely so they can be overridden; the
 * quicktype version is pinned and part of the generated files' input hash.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const LooseGoRenderer = GoRenderer as unknown as new (...args: ConstructorParameters<typeof GoRenderer>) => any;

const quote = (s: string) => JSON.stringify(s);

class ContractGoRenderer extends LooseGoRenderer {
  model!: LangModel;
  private index?: ModelIndex;

  private idx(): ModelIndex {
    return (this.index ??= new ModelIndex(this.model, this.topLevels));
  }

  goType(t: Type, withIssues = false): Sourcelike {
    if (t.kind === "any" || t.kind === "null") return "json.RawMessage";
    return super.goType(t, withIssues);
  }

  private fieldType(c: ClassType, jsonName: string, p: ClassProperty): Sourcelike {
    if (p.isOptional && this.idx().optionalNullable(c, jsonName)) return "json.RawMessage";
    const t = p.type;
    if (p.isOptional && (t.kind === "array" || t.kind === "map")) return ["*", this.goType(t, true)];
    return this.propertyGoType(p);
  }

  collectAllImports(): Set<string> {
    const imports = super.collectAllImports() as Set<string>;
    for (const i of ["bytes", "encoding/json", "errors", "fmt"]) imports.add(i);
    return imports;
  }

  /**
   * quicktype 26 counts every union as a named type for a top level, but declares only the unions
   * that need a name: a top-level nullable union (`Span | null`, `map | null`) was referenced and
   * never declared. Such a top level is an alias of its Go type instead.
   */
  namedTypeToNameForTopLevel(t: Type): Type | undefined {
    if (t instanceof UnionType && !this.unionNeedsName(t)) return undefined;
    return super.namedTypeToNameForTopLevel(t);
  }

  emitTopLevel(t: Type, name: Name): void {
    const named = this.namedTypeToNameForTopLevel(t) as Type | undefined;
    // Two top levels of one structural type (two `integer | string` definitions): quicktype keeps
    // one union, named after the other, and left this name undeclared.
    const sharedName =
      named !== undefined && this.sourcelikeToString(this.nameForNamedType(named)) !== this.sourcelikeToString(name);
    // `type JsonValue json.RawMessage` would lose RawMessage's methods (it would encode as base64),
    // and a pointer type (`*Span` for `Span | null`) cannot carry methods.
    const plainAlias = t.kind === "any" || (named === undefined && t instanceof UnionType);
    if (!sharedName && !plainAlias) return super.emitTopLevel(t, name);
    this.emitDescription(this.descriptionForType(t));
    this.emitLine("type ", name, " = ", sharedName ? this.nameForNamedType(named!) : this.goType(t));
    this.ensureBlankLine();
    this.emitFunc([this._topLevelUnmarshalNames.get(name), "(data []byte) (", name, ", error)"], () => {
      this.emitLine("var r ", name);
      this.emitLine("err := json.Unmarshal(data, &r)");
      this.emitLine("return r, err");
    });
  }

  emitClass(c: ClassType, className: Name): void {
    const union = this.idx().union(c);
    if (union) return this.emitUnion2(union, className);
    const required: string[] = [];
    this.emitDescription(this.descriptionForType(c));
    this.emitBlock(["type ", className, " struct"], () => {
      this.forEachClassProperty(c, "none", (name: Name, jsonName: string, p: ClassProperty) => {
        this.emitDescription(this.descriptionForClassProperty(c, jsonName));
        if (!p.isOptional) required.push(jsonName);
        const tag = `json:${quote(jsonName + (p.isOptional ? ",omitempty" : ""))}`;
        this.emitLine(name, " ", this.fieldType(c, jsonName, p), " `", tag, "`");
      });
    });
    this.ensureBlankLine();
    const closed = this.idx().isClosed(c) ? "true" : "false";
    this.emitFunc(["(x *", className, ") UnmarshalJSON(data []byte) error"], () => {
      this.emitLine("type plain ", className);
      this.emitLine("var p plain");
      this.emitLine(
        "if err := decodeObject(data, ",
        quote(this.sourcelikeToString(className)),
        ", []string{",
        required.map(quote).join(", "),
        "}, ",
        closed,
        ", &p); err != nil {",
      );
      this.indent(() => this.emitLine("return err"));
      this.emitLine("}");
      this.emitLine("*x = ", className, "(p)");
      this.emitLine("return nil");
    });
  }

  emitEnum(e: EnumType, enumName: Name): void {
    super.emitEnum(e, enumName);
    this.ensureBlankLine();
    const cases: Sourcelike[] = [];
    this.forEachEnumCase(e, "none", (name: Name) => cases.push(name));
    this.emitFunc(["(x *", enumName, ") UnmarshalJSON(data []byte) error"], () => {
      this.emitLine("var s string");
      this.emitBlock("if err := json.Unmarshal(data, &s); err != nil", () =>
        this.emitLine("return fmt.Errorf(", quote(`${this.sourcelikeToString(enumName)}: %w`), ", err)"),
      );
      this.emitLine("switch ", enumName, "(s) {");
      this.emitLine(
        "case ",
        cases.flatMap((c, i) => (i ? [", ", c] : [c])),
        ":",
      );
      this.indent(() => {
        this.emitLine("*x = ", enumName, "(s)");
        this.emitLine("return nil");
      });
      this.emitLine("}");
      this.emitLine("return fmt.Errorf(", quote(`${this.sourcelikeToString(enumName)}: unknown value %q`), ", s)");
    });
  }

  private memberName(def: string): Sourcelike {
    const t = this.topLevels.get(def);
    if (!t) throw new Error(`go: union member ${def} is not a top level`);
    return this.nameForNamedType(t);
  }

  private emitUnion2(u: UnionInfo, name: Name): void {
    const n = this.sourcelikeToString(name);
    const iface = `${n}Member`;
    const marker = `is${n}`;
    this.emitDescription([
      ...(u.description ? [u.description, ""] : []),
      `A tagged union on ${quote(u.tagMember)}: Value is exactly one of ${u.members.map((m) => `*${this.sourcelikeToString(this.memberName(m.def))} (${quote(m.tag)})`).join(", ")}.`,
      "UnmarshalJSON picks the member by the tag; MarshalJSON writes the member as it is.",
    ]);
    this.emitBlock(["type ", name, " struct"], () => this.emitLine("Value ", iface));
    this.ensureBlankLine();
    this.emitLine(`// ${iface} is implemented by every member of ${n}.`);
    this.emitBlock(["type ", iface, " interface"], () => this.emitLine(marker, "()"));
    this.ensureBlankLine();
    for (const m of u.members) this.emitLine("func (*", this.memberName(m.def), ") ", marker, "() {}");
    this.ensureBlankLine();
    this.emitFunc(["(x *", name, ") UnmarshalJSON(data []byte) error"], () => {
      this.emitLine("tag, err := unionTag(data, ", quote(n), ", ", quote(u.tagMember), ")");
      this.emitBlock("if err != nil", () => this.emitLine("return err"));
      this.emitLine("switch tag {");
      for (const m of u.members) {
        this.emitLine("case ", quote(m.tag), ":");
        this.indent(() => {
          this.emitLine("v := &", this.memberName(m.def), "{}");
          this.emitBlock("if err := json.Unmarshal(data, v); err != nil", () => this.emitLine("return err"));
          this.emitLine("x.Value = v");
          this.emitLine("return nil");
        });
      }
      this.emitLine("}");
      this.emitLine("return fmt.Errorf(", quote(`${n}: unknown ${u.tagMember} %q`), ", tag)");
    });
    this.ensureBlankLine();
    this.emitFunc(["(x ", name, ") MarshalJSON() ([]byte, error)"], () => {
      this.emitBlock("if x.Value == nil", () =>
        this.emitLine("return nil, errors.New(", quote(`${n}: no member set`), ")"),
      );
      this.emitLine("return json.Marshal(x.Value)");
    });
  }

  emitHelperFunctions(): void {
    super.emitHelperFunctions();
    this.ensureBlankLine();
    this.emitMultiline(`// decodeObject decodes a JSON object into a struct: every required member must be present and,
// when the schema closes the object, no other member may be.
func decodeObject(data []byte, name string, required []string, closed bool, into interface{}) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if members == nil {
		return errors.New(name + ": expected an object, got null")
	}
	for _, k := range required {
		if _, ok := members[k]; !ok {
			return fmt.Errorf("%s: missing member %q", name, k)
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if closed {
		dec.DisallowUnknownFields()
	}
	if err := dec.Decode(into); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// unionTag reads the discriminating member of a tagged union's JSON object.
func unionTag(data []byte, name, member string) (string, error) {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return "", fmt.Errorf("%s: %w", name, err)
	}
	raw, ok := members[member]
	if !ok {
		return "", fmt.Errorf("%s: missing member %q", name, member)
	}
	var tag string
	if err := json.Unmarshal(raw, &tag); err != nil {
		return "", fmt.Errorf("%s: member %q: %w", name, member, err)
	}
	return tag, nil
}`);
  }
}

class ContractGoLanguage extends GoTargetLanguage {
  constructor(private readonly model: LangModel) {
    super();
  }
  protected override makeRenderer(
    renderContext: ConstructorParameters<typeof GoRenderer>[1],
    untyped: Record<string, unknown>,
  ): GoRenderer {
    const r = new ContractGoRenderer(this, renderContext, getOptionValues(goOptions, untyped as never));
    r.model = this.model;
    return r as unknown as GoRenderer;
  }
}

/** `frame-wire` -> `framewire`: a Go package name. */
export function goPackage(contract: string): string {
  const p = contract.replace(/[^A-Za-z0-9]+/g, "").toLowerCase();
  return /^[a-z]/.test(p) ? p : `c${p}`;
}

export const go: LangTarget = {
  id: "go",
  displayName: "Go",
  unions: "tagged",
  commentPrefix: "//",
  fileName: (contract) => `${contract.replace(/[^A-Za-z0-9]+/g, "_").toLowerCase()}.go`,
  language: (model) => new ContractGoLanguage(model),
  rendererOptions: (contract) => ({ package: goPackage(contract) }),
};
