/**
 * Python: quicktype's dataclass renderer (Python 3.10 syntax), with three corrections rendered in
 * place (decisions 101-103):
 * - a discriminated union is a base class whose `from_dict` dispatches on the tag; each member
 *   dataclass subclasses it, so `isinstance(event, FrameEvent)` holds and `to_dict` is the member's;
 * - an optional member whose value may be null defaults to `MISSING`, so `{"result": null}` and
 *   `{}` stay different through a round trip (quicktype folds both into `None`);
 * - `from_dict` rejects a missing required member (quicktype lets an absent `Any` or nullable one
 *   through as None) and, for a closed object (`additionalProperties: false`), unknown members.
 * Any JSON (JsonValue) is `Any`: the plain values `json.loads` returns.
 */
import {
  ClassType,
  JSONPythonRenderer,
  PythonTargetLanguage,
  getOptionValues,
  parenIfNeeded,
  pythonOptions,
  type Sourcelike,
  type Type,
} from "quicktype-core";
import type { LangModel, UnionInfo } from "../prepass.js";
import { ModelIndex } from "../quicktype.js";
import type { LangTarget } from "./target.js";

type ValueOrLambda = { value: Sourcelike | undefined; lambda?: Sourcelike };
function makeValue(vol: ValueOrLambda): Sourcelike {
  if (vol.lambda !== undefined) return [parenIfNeeded(vol.lambda as never), "(", vol.value!, ")"];
  return vol.value!;
}

class ContractPythonRenderer extends JSONPythonRenderer {
  private index?: ModelIndex;
  model!: LangModel;

  private idx(): ModelIndex {
    return (this.index ??= new ModelIndex(this.model, this.topLevels));
  }

  private memberName(def: string): Sourcelike {
    const t = this.topLevels.get(def);
    if (!t) throw new Error(`python: union member ${def} is not a top level`);
    return this.nameForNamedType(t);
  }

  protected override declarationLine(t: Type): Sourcelike {
    const bases = t instanceof ClassType ? this.idx().unionsOf(t) : [];
    if (bases.length === 0) return super.declarationLine(t);
    const names = bases.map((u) => this.memberName(u.name));
    return ["class ", this.nameForNamedType(t), "(", names.flatMap((n, i) => (i ? [", ", n] : [n])), "):"];
  }

  protected override emitClass(t: ClassType): void {
    if (this.idx().union(t)) return; // emitted as a base class with the support code
    this.emitLine("@", this.withImport("dataclasses", "dataclass"));
    this.declareType(t, () => {
      if (t.getProperties().size === 0) this.emitLine("pass");
      this.forEachClassProperty(t, "none", (name, jsonName, cp) => {
        const missing = cp.isOptional && this.idx().optionalNullable(t, jsonName);
        this.emitLine(
          name,
          ": ",
          missing ? [this.pythonType(cp.type, false), " = MISSING"] : this.pythonType(cp.type, true),
        );
        this.emitDescription(this.descriptionForClassProperty(t, jsonName));
      });
      this.ensureBlankLine();
      this.emitMembers(t);
    });
  }

  private emitMembers(t: ClassType): void {
    const className = this.nameForNamedType(t);
    const closed = this.idx().isClosed(t);
    this.emitLine("@staticmethod");
    this.emitBlock(["def from_dict(obj: ", this.withTyping("Any"), ") -> '", className, "':"], () => {
      this.emitLine("assert isinstance(obj, dict)");
      if (closed) {
        const known: string[] = [];
        this.forEachClassProperty(t, "none", (_n, jsonName) => known.push(JSON.stringify(jsonName)));
        this.emitLine(
          "_reject_unknown(obj, {",
          known.join(", "),
          "}, ",
          this.string(this.sourcelikeToString(className)),
          ")",
        );
      }
      const required: string[] = [];
      this.forEachClassProperty(t, "none", (_n, jsonName, cp) => {
        if (!cp.isOptional) required.push(JSON.stringify(jsonName));
      });
      // quicktype reads required members with obj.get(): an absent `Any` or nullable one passes as None.
      if (required.length)
        this.emitLine(
          "_require(obj, [",
          required.join(", "),
          "], ",
          this.string(this.sourcelikeToString(className)),
          ")",
        );
      const args: Sourcelike[] = [];
      this.forEachClassProperty(t, "none", (name, jsonName, cp) => {
        if (cp.isOptional && this.idx().optionalNullable(t, jsonName)) {
          const value = makeValue(
            this.deserializer({ value: ["obj[", this.string(jsonName), "]"] }, cp.type) as ValueOrLambda,
          );
          this.emitLine(name, " = ", value, " if ", this.string(jsonName), " in obj else MISSING");
        } else {
          this.emitLine(
            name,
            " = ",
            makeValue(this.deserializer({ value: ["obj.get(", this.string(jsonName), ")"] }, cp.type) as ValueOrLambda),
          );
        }
        args.push(name);
      });
      this.emitLine(
        "return ",
        className,
        "(",
        args.flatMap((a, i) => (i ? [", ", a] : [a])),
        ")",
      );
    });
    this.ensureBlankLine();
    this.emitBlock("def to_dict(self) -> dict:", () => {
      this.emitLine("result: dict = {}");
      this.forEachClassProperty(t, "none", (name, jsonName, cp) => {
        const value = makeValue(this.serializer({ value: ["self.", name] }, cp.type) as ValueOrLambda);
        const assign = () => this.emitLine("result[", this.string(jsonName), "] = ", value);
        if (cp.isOptional && this.idx().optionalNullable(t, jsonName))
          this.emitBlock(["if self.", name, " is not MISSING:"], assign);
        else if (cp.isOptional) this.emitBlock(["if self.", name, " is not None:"], assign);
        else assign();
      });
      this.emitLine("return result");
    });
  }

  protected override emitSupportCode(): void {
    super.emitSupportCode();
    this.ensureBlankLine(2);
    this.emitMultiline(`class _Missing:
    """The value of an optional member that is absent (as opposed to present and null)."""

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "MISSING"


MISSING: ${this.sourcelikeToString(this.withTyping("Any"))} = _Missing()


def _require(obj: dict, required: list, name: str) -> None:
    missing = [k for k in required if k not in obj]
    if missing:
        raise ValueError(f"{name}: missing member(s) {missing}")


def _reject_unknown(obj: dict, known: set, name: str) -> None:
    unknown = sorted(k for k in obj if k not in known)
    if unknown:
        raise ValueError(f"{name}: unknown member(s) {unknown} (the schema closes this object)")`);
    for (const u of Object.values(this.model.unions)) {
      const t = this.topLevels.get(u.name);
      if (t) this.emitUnionBase(u, this.nameForNamedType(t));
    }
  }

  private emitUnionBase(u: UnionInfo, name: Sourcelike): void {
    this.ensureBlankLine(2);
    this.emitBlock(["class ", name, ":"], () => {
      const doc = [
        ...(u.description ? [u.description, ""] : []),
        `A tagged union on \`${u.tagMember}\`: ${u.members.map((m) => `${this.sourcelikeToString(this.memberName(m.def))} ("${m.tag}")`).join(", ")}.`,
        "Every member class subclasses this one; from_dict returns the member the tag names.",
      ];
      this.emitDescription(doc);
      this.ensureBlankLine();
      this.emitLine("@staticmethod");
      this.emitBlock(["def from_dict(obj: ", this.withTyping("Any"), ") -> '", name, "':"], () => {
        this.emitLine("assert isinstance(obj, dict)");
        this.emitLine("tag = obj.get(", this.string(u.tagMember), ")");
        for (const m of u.members) {
          this.emitBlock(["if tag == ", this.string(m.tag), ":"], () =>
            this.emitLine("return ", this.memberName(m.def), ".from_dict(obj)"),
          );
        }
        this.emitLine(`raise ValueError(f"${this.sourcelikeToString(name)}: unknown ${u.tagMember} {tag!r}")`);
      });
      this.ensureBlankLine();
      this.emitBlock("def to_dict(self) -> dict:", () => this.emitLine("raise NotImplementedError"));
    });
  }
}

class ContractPythonLanguage extends PythonTargetLanguage {
  constructor(private readonly model: LangModel) {
    super();
  }
  protected override makeRenderer(
    renderContext: ConstructorParameters<typeof JSONPythonRenderer>[1],
    untyped: Record<string, unknown>,
  ): JSONPythonRenderer {
    const r = new ContractPythonRenderer(this, renderContext, getOptionValues(pythonOptions, untyped as never));
    r.model = this.model;
    return r;
  }
}

export const python: LangTarget = {
  id: "python",
  displayName: "Python 3.10+",
  unions: "tagged",
  commentPrefix: "#",
  fileName: (contract) => `${contract.replace(/[^A-Za-z0-9]+/g, "_").toLowerCase()}.py`,
  language: (model) => new ContractPythonLanguage(model),
  rendererOptions: () => ({ "python-version": "3.10" }),
};
