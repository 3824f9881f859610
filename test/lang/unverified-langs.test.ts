/**
 * Dart, Swift, C#, Kotlin: no compiler for them here (decision 104), so these tests pin the shape of
 * what is emitted for the constructs that matter: the tagged unions (Dart, Swift, Kotlin), the merged
 * union (C#, a documented limit), any JSON, and that every file parses as far as a bracket
 * balance can tell.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { generateLanguages, type LangFile } from "../../codegen/lang/generate.js";
import { langRegistry } from "./support.js";

let files: LangFile[];
let frameWire: string;
const file = (lang: string, contract: string) => files.find((f) => f.lang === lang && f.contract === contract)!.body;

beforeAll(async () => {
  const reg = await langRegistry();
  frameWire = reg.frameWire;
  files = (
    await generateLanguages({ langs: ["dart", "swift", "csharp", "kotlin"], registryDir: reg.dir, dryRun: true })
  ).files;
}, 120_000);

/** Brackets balance outside string literals and comments: a cheap guard against a broken rendering. */
function balanced(text: string): boolean {
  const stack: string[] = [];
  const pairs: Record<string, string> = { ")": "(", "]": "[", "}": "{" };
  const code = text
    .replace(/\/\/\/?[^\n]*/g, "")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/"(?:[^"\\\n]|\\.)*"/g, '""')
    .replace(/'(?:[^'\\\n]|\\.)*'/g, "''");
  for (const ch of code) {
    if ("([{".includes(ch)) stack.push(ch);
    else if (ch in pairs && stack.pop() !== pairs[ch]) return false;
  }
  return stack.length === 0;
}

describe("unverified languages (emitted, not compiled)", () => {
  it("every file has balanced brackets", () => {
    for (const f of files) expect(balanced(f.body), f.path).toBe(true);
    expect(balanced("a(b{c)")).toBe(false); // the guard itself can fail
  });

  it("Dart: a sealed class dispatching on the tag, members extending it", () => {
    const dart = file("dart", frameWire);
    expect(dart).toMatch(
      /sealed class FrameEvent \{[\s\S]*?factory FrameEvent\.fromJson\(Map<String, dynamic> json\) \{\s*switch \(json\["type"\]\) \{\s*case "block_start": return BlockStartEvent\.fromJson\(json\);/,
    );
    expect(dart).toContain("class BlockStartEvent extends FrameEvent {");
    expect(dart).toContain("class FieldSetDelta extends BlockDeltaEventDelta {");
    expect(dart).toContain('if (errorCode != null) "error_code": errorCode,');
    expect(dart).not.toContain("package:meta");
    expect(file("dart", "wit")).toContain('case "DEP_CHAIN": return DepChainItem.fromJson(json);');
  });

  it("Swift: an enum with one case per member, decoding by the tag", () => {
    const swift = file("swift", frameWire);
    expect(swift).toMatch(/public enum FrameEvent: Codable \{\s*case blockStartEvent\(BlockStartEvent\)/);
    expect(swift).toContain(
      'case "element_append":\n            self = .elementAppendDelta(try ElementAppendDelta(from: decoder))',
    );
    expect(swift).toContain("public let value: JSONAny");
    expect(swift).toContain("class JSONAny: Codable");
  });

  it("Kotlin: a sealed class with a content-based serializer, members extending it", () => {
    const kt = file("kotlin", frameWire);
    expect(kt).toContain("@Serializable(with = FrameEventSerializer::class)\nsealed class FrameEvent");
    expect(kt).toMatch(
      /object FrameEventSerializer : JsonContentPolymorphicSerializer<FrameEvent>\(FrameEvent::class\)/,
    );
    expect(kt).toContain('"block_start" -> BlockStartEvent.serializer()');
    expect(kt.match(/\) : FrameEvent\(\)/g)).toHaveLength(5);
    expect(kt.match(/\) : BlockDeltaEventDelta\(\)/g)).toHaveLength(2);
    expect(kt).toMatch(/val value: JsonElement/);
  });

  it("C#: the union is quicktype's merged class (the documented limit), any JSON is object", () => {
    const cs = file("csharp", frameWire);
    expect(cs).toMatch(/public partial class FrameEvent\b/);
    expect(cs).toContain("public partial class BlockStartEvent");
    expect(cs).toMatch(/public object Value \{ get; set; \}/);
  });
});
