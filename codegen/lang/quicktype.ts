/**
 * Runs quicktype-core over a pre-passed model: one in-memory document holding every definition,
 * every definition a top level addressed inside that one document (so a `$ref` to a named type
 * yields that type, not a copy per referring site).
 */
import {
  InputData,
  JSONSchemaInput,
  JSONSchemaStore,
  quicktype,
  type JSONSchema,
  type TargetLanguage,
  type Type,
} from "quicktype-core";
import type { LangModel } from "./prepass.js";

const ADDRESS = "contract-suite-bundle.json";

class BundleStore extends JSONSchemaStore {
  constructor(private readonly doc: JSONSchema) {
    super();
  }
  async fetch(address: string): Promise<JSONSchema | undefined> {
    return address === ADDRESS ? this.doc : undefined;
  }
}

export async function runQuicktype(
  model: LangModel,
  lang: TargetLanguage,
  rendererOptions: Record<string, string>,
): Promise<string> {
  // draft-07 `$schema`: quicktype only knows `definitions`-style documents by their keywords, and
  // `$defs` + `$ref` behave the same for it; the pre-pass has already removed 2020-12-only shapes.
  const doc = { $schema: "http://json-schema.org/draft-07/schema#", $defs: model.defs } as unknown as JSONSchema;
  const input = new JSONSchemaInput(new BundleStore(doc));
  for (const name of Object.keys(model.defs))
    await input.addSource({ name, uris: [`${ADDRESS}#/$defs/${encodeURIComponent(name)}`] });
  const inputData = new InputData();
  inputData.addInput(input);
  const result = await quicktype({ inputData, lang, rendererOptions, inferMaps: false, alphabetizeProperties: false });
  return result.lines.join("\n").replace(/[ \t]+$/gm, "") + "\n";
}

/**
 * What a target's renderer needs to know about the model while quicktype renders: which quicktype
 * type is which definition. Every class is a top level (the pre-pass hoisted inline objects), so
 * the top-level map is the whole story.
 */
export class ModelIndex {
  private readonly defOf = new Map<Type, string>();
  constructor(
    readonly model: LangModel,
    topLevels: ReadonlyMap<string, Type>,
  ) {
    for (const [name, t] of topLevels) if (!this.defOf.has(t)) this.defOf.set(t, name);
  }
  /** The definition a quicktype type was made from, if it is a top level. */
  def(t: Type): string | undefined {
    return this.defOf.get(t);
  }
  union(t: Type) {
    const d = this.def(t);
    return d === undefined ? undefined : this.model.unions[d];
  }
  isClosed(t: Type): boolean {
    const d = this.def(t);
    return d !== undefined && this.model.closed.includes(d);
  }
  /** Unions this class is a member of. */
  unionsOf(t: Type) {
    const d = this.def(t);
    return d === undefined ? [] : Object.values(this.model.unions).filter((u) => u.members.some((m) => m.def === d));
  }
  optionalNullable(t: Type, jsonName: string): boolean {
    const d = this.def(t);
    return d !== undefined && (this.model.optionalNullable[d] ?? []).includes(jsonName);
  }
}
