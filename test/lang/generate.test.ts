/**
 * The generator itself: the pre-pass recognises what it must (and nothing else), quicktype really
 * fails without it, output is deterministic with an honest header, and `gen-lang` works as a CLI.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { InputData, JSONSchemaInput, JSONSchemaStore, quicktype, type JSONSchema } from "quicktype-core";
import { loadContract, loadRegistry } from "../../src/contracts/index.js";
import { buildBundle, type SchemaBundle } from "../../codegen/bundle.js";
import { isJsonValueShape, prepareModel, UNION_MARKER } from "../../codegen/lang/prepass.js";
import { generateLanguages, LANGS, renderContract } from "../../codegen/lang/generate.js";
import { runCli } from "../helpers/cli.js";
import { langRegistry, type LangRegistry } from "./support.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
let reg: LangRegistry;
const bundles: Record<string, SchemaBundle> = {};

beforeAll(async () => {
  reg = await langRegistry();
  for (const name of [reg.frameWire, "wit", "json-value"]) {
    const entry = reg.registry.contracts.find((c) => c.name === name)!;
    bundles[name] = buildBundle(await loadContract(reg.registry, entry)).bundle;
  }
});

const JSON_VALUE = {
  oneOf: [
    { type: "null" },
    { type: "boolean" },
    { type: "number" },
    { type: "string" },
    { type: "array", items: { $ref: "#/$defs/J" } },
    { type: "object", additionalProperties: { $ref: "#/$defs/J" } },
  ],
};
const noOther = () => false;

describe("pre-pass", () => {
  it("recognises the six-branch recursive JsonValue, and only that shape", () => {
    expect(isJsonValueShape(JSON_VALUE, "J", noOther)).toBe(true);
    expect(isJsonValueShape({ anyOf: JSON_VALUE.oneOf }, "J", noOther)).toBe(true);
    expect(
      isJsonValueShape(
        { oneOf: [...JSON_VALUE.oneOf.slice(0, 4), { type: "array" }, { type: "object" }] },
        "J",
        noOther,
      ),
    ).toBe(true);
    expect(isJsonValueShape({ oneOf: [...JSON_VALUE.oneOf.slice(0, 5), { type: "string" }] }, "J", noOther)).toBe(
      false,
    ); // string twice, no object
    // Five branches (no null), a constrained branch, or a reference to something else: not JsonValue.
    expect(isJsonValueShape({ oneOf: JSON_VALUE.oneOf.slice(1) }, "J", noOther)).toBe(false);
    expect(
      isJsonValueShape(
        { oneOf: [...JSON_VALUE.oneOf.slice(0, 3), { type: "string", minLength: 1 }, ...JSON_VALUE.oneOf.slice(4)] },
        "J",
        noOther,
      ),
    ).toBe(false);
    expect(
      isJsonValueShape(
        {
          oneOf: [
            ...JSON_VALUE.oneOf.slice(0, 4),
            { type: "array", items: { $ref: "#/$defs/Other" } },
            JSON_VALUE.oneOf[5],
          ],
        },
        "J",
        noOther,
      ),
    ).toBe(false);
    expect(isJsonValueShape({ oneOf: [...JSON_VALUE.oneOf.slice(0, 5), { type: "integer" }] }, "J", noOther)).toBe(
      false,
    );
  });

  it("finds JsonValue in every contract that has one, including frame-wire's second copy in forge_block.json", () => {
    expect(prepareModel(bundles[reg.frameWire]!).jsonValues.sort()).toEqual(
      Object.keys(bundles[reg.frameWire]!.defs)
        .filter((d) => d.endsWith("JsonValue"))
        .sort(),
    );
    expect(prepareModel(bundles["json-value"]!).jsonValues).toHaveLength(1);
    expect(prepareModel(bundles.wit!).jsonValues).toEqual([]);
  });

  it("records discriminated unions by const (frame-wire) and by one-member enum (Wit), hoisting the inline one", () => {
    const fw = prepareModel(bundles[reg.frameWire]!);
    expect(fw.unions.FrameEvent!.tagMember).toBe("type");
    expect(fw.unions.FrameEvent!.members.map((m) => m.tag)).toEqual([
      "block_start",
      "block_delta",
      "tool_call",
      "done",
      "error",
    ]);
    const delta = Object.values(fw.unions).find((u) => u.tagMember === "op")!;
    expect(delta.name).toBe("BlockDeltaEventDelta");
    expect(delta.members.map((m) => m.def)).toEqual(["FieldSetDelta", "ElementAppendDelta"]);
    expect((fw.defs.BlockDeltaEvent!.properties as Record<string, unknown>).delta).toEqual({
      $ref: "#/$defs/BlockDeltaEventDelta",
    });
    const wit = prepareModel(bundles.wit!);
    expect(wit.unions.ConflictItem!.members.map((m) => [m.tag, m.def])).toEqual([
      ["INTENT_OVERLAP", "IntentOverlapItem"],
      ["LOCK_INTERSECTION", "LockIntersectionItem"],
      ["DEP_CHAIN", "DepChainItem"],
    ]);
  });

  it("does not call a union discriminated when tags repeat, a branch lacks the tag, or a branch is not a reference", () => {
    const member = (tag: string, required = true) => ({
      type: "object",
      required: required ? ["kind"] : [],
      properties: { kind: { const: tag } },
    });
    const bundle = (defs: Record<string, Record<string, unknown>>): SchemaBundle => ({
      id: "urn:t",
      defs,
      origins: {},
    });
    const refs = (...names: string[]) => ({ oneOf: names.map((n) => ({ $ref: `#/$defs/${n}` })) });
    expect(prepareModel(bundle({ U: refs("A", "B"), A: member("a"), B: member("a") })).unions).toEqual({});
    expect(prepareModel(bundle({ U: refs("A", "B"), A: member("a"), B: member("b", false) })).unions).toEqual({});
    expect(prepareModel(bundle({ U: { oneOf: [{ $ref: "#/$defs/A" }, member("b")] }, A: member("a") })).unions).toEqual(
      {},
    );
    expect(Object.keys(prepareModel(bundle({ U: refs("A", "B"), A: member("a"), B: member("b") })).unions)).toEqual([
      "U",
    ]);
  });

  it("knows closed objects, open maps and optional members that may be null; merge mode records no union", () => {
    const fw = prepareModel(bundles[reg.frameWire]!);
    expect(fw.closed).toEqual(expect.arrayContaining(["ToolCall", "FrameTurn", "DoneEvent", "FieldSetDelta"]));
    expect(fw.closed).not.toContain("ForgeBlock");
    expect(fw.openMaps).toContain("ForgeBlock");
    expect(fw.optionalNullable.ToolCall).toEqual(["result"]);
    expect(fw.optionalNullable.FrameTurn).toBeUndefined(); // error_code/error_message are strings; finish_reason is required
    expect(prepareModel(bundles.wit!).optionalNullable.IntentRecord).toEqual(["startByte", "endByte"]);
    expect(prepareModel(bundles[reg.frameWire]!, { unions: "merge" }).unions).toEqual({});
  });
});

/** quicktype-core on the raw bundle, for the record of what the pre-pass is for. */
async function rawQuicktype(bundle: SchemaBundle, lang: "python" | "go"): Promise<string> {
  const doc = { $schema: "http://json-schema.org/draft-07/schema#", $defs: bundle.defs } as unknown as JSONSchema;
  const store = new (class extends JSONSchemaStore {
    async fetch(a: string) {
      return a === "raw.json" ? doc : undefined;
    }
  })();
  const input = new JSONSchemaInput(store);
  for (const name of Object.keys(bundle.defs)) await input.addSource({ name, uris: [`raw.json#/$defs/${name}`] });
  const data = new InputData();
  data.addInput(input);
  return (await quicktype({ inputData: data, lang })).lines.join("\n");
}

describe("quicktype-core 26 without the pre-pass", () => {
  it("overflows its stack on the recursive JsonValue (Python)", async () => {
    await expect(rawQuicktype(bundles[reg.frameWire]!, "python")).rejects.toThrow(/call stack/);
  });

  it("merges the FrameEvent union into one class with every member optional (Go), losing the union", async () => {
    const withoutJsonValue = structuredClone(bundles[reg.frameWire]!);
    for (const d of Object.keys(withoutJsonValue.defs)) if (d.endsWith("JsonValue")) withoutJsonValue.defs[d] = {};
    const go = await rawQuicktype(withoutJsonValue, "go");
    const frameEvent = /type FrameEvent struct \{([^}]*)\}/.exec(go)![1]!;
    expect(frameEvent).toMatch(/Seq\s+\*int64/); // block_delta's member, optional on every event
    expect(frameEvent).toMatch(/FinishReason\s+\*string/); // done's member, likewise
  });
});

describe("generateLanguages", () => {
  it("emits every language for every contract, deterministically, with a header naming source and input hash", async () => {
    const a = await generateLanguages({ langs: ["all"], registryDir: reg.dir, dryRun: true });
    const b = await generateLanguages({ langs: ["all"], registryDir: reg.dir, dryRun: true });
    expect(a.invalid).toEqual([]);
    const contracts = reg.registry.contracts.filter((c) => c.generate !== false).map((c) => c.name);
    expect(a.files).toHaveLength(contracts.length * LANGS.length);
    expect(b.files.map((f) => f.body)).toEqual(a.files.map((f) => f.body));
    for (const f of a.files) {
      const comment = f.lang === "python" ? "#" : "//";
      expect(f.body.startsWith(`${comment} @generated by contract-suite gen-lang (`), f.path).toBe(true);
      expect(f.body).toContain(`${comment} input: ${f.inputHash}`);
      expect(f.path).toContain(join(f.lang, f.contract));
      // The union placeholder never reaches a file: tagged targets replace it, merge targets never get it.
      expect(f.body, f.path).not.toContain(UNION_MARKER);
    }
  }, 120_000);

  it("changes the input hash when the contract changes, and only for that contract", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cs-lang-hash-"));
    cpSync(reg.dir, dir, { recursive: true });
    const registry = loadRegistry(dir);
    const wit = registry.contracts.find((c) => c.name === "wit")!;
    const jv = registry.contracts.find((c) => c.name === "json-value")!;
    const before = await renderContract(registry, await loadContract(registry, wit), "go");
    const jvBefore = await renderContract(registry, await loadContract(registry, jv), "go");
    const path = join(dir, wit.entry);
    writeFileSync(path, readFileSync(path, "utf8").replace("Health check", "Health check!"));
    const after = await renderContract(registry, await loadContract(registry, wit), "go");
    const jvAfter = await renderContract(registry, await loadContract(registry, jv), "go");
    expect(after.inputHash).not.toBe(before.inputHash);
    expect(jvAfter.inputHash).toBe(jvBefore.inputHash);
  }, 60_000);
});

describe("contract-suite gen-lang", () => {
  it("writes generated/<lang>/<contract>/ under --out, then --check passes, and fails once a file is edited", async () => {
    const out = mkdtempSync(join(tmpdir(), "cs-lang-cli-"));
    const gen = await runCli([
      "gen-lang",
      "--lang",
      "python",
      "go",
      "--contract",
      "wit",
      "--out",
      out,
      "--registry",
      reg.dir,
    ]);
    expect(gen.code).toBe(0);
    expect(gen.stdout).toContain("generated 2 file(s)");
    const py = join(out, "python", "wit", "wit.py");
    expect(readFileSync(py, "utf8")).toContain("class ConflictItem:");
    expect(
      (
        await runCli([
          "gen-lang",
          "--lang",
          "python",
          "go",
          "--contract",
          "wit",
          "--out",
          out,
          "--registry",
          reg.dir,
          "--check",
        ])
      ).code,
    ).toBe(0);
    writeFileSync(py, readFileSync(py, "utf8") + "\n# edited\n");
    const check = await runCli([
      "gen-lang",
      "--lang",
      "python",
      "go",
      "--contract",
      "wit",
      "--out",
      out,
      "--registry",
      reg.dir,
      "--check",
      "--format",
      "json",
    ]);
    expect(check.code).toBe(1);
    expect(JSON.parse(check.stdout).drifted).toEqual([
      { path: expect.stringMatching(/python\/wit\/wit\.py$/), state: "differs" },
    ]);
  }, 60_000);

  it("runs from the built CLI, whose generator hash agrees with the sources' (what it read as .ts was shipped as .js)", async () => {
    const out = mkdtempSync(join(tmpdir(), "cs-lang-built-"));
    const built = spawnSync(
      process.execPath,
      [
        join(ROOT, "bin/contract-suite.mjs"),
        "gen-lang",
        "--lang",
        "python",
        "--contract",
        "wit",
        "--out",
        out,
        "--registry",
        reg.dir,
      ],
      { encoding: "utf8" },
    );
    expect(built.stderr).toBe("");
    expect(built.status).toBe(0);
    expect(
      (
        await runCli([
          "gen-lang",
          "--lang",
          "python",
          "--contract",
          "wit",
          "--out",
          out,
          "--registry",
          reg.dir,
          "--check",
        ])
      ).code,
    ).toBe(0);
  }, 60_000);

  it("answers a usage error (exit 2) for an unknown language or contract, and documents its exit codes", async () => {
    expect((await runCli(["gen-lang", "--lang", "cobol"])).code).toBe(2);
    const unknown = await runCli(["gen-lang", "--lang", "go", "--contract", "nope", "--registry", reg.dir]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no contract named "nope"');
    expect((await runCli(["gen-lang", "--help"])).stdout).toContain("Exit codes:");
  });
});
