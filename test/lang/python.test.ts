/**
 * Python: generate the modules, import them in a real python3, and round-trip every sample
 * (frame-wire vector events and turns, Wit params/results, JsonValues) through decode + encode.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generateLanguages } from "../../codegen/lang/generate.js";
import { python } from "../../codegen/lang/targets/python.js";
import {
  langRegistry,
  loadSamples,
  REPO,
  runDriver,
  which,
  type Negative,
  type Sample,
  type SampleSet,
  roundTripFailures,
} from "./support.js";

const PYTHON = which("python3");
const DRIVER = join(REPO, "test", "lang", "drivers", "roundtrip.py");

const EVENT_CLASSES: Record<string, string> = {
  block_start: "BlockStartEvent",
  block_delta: "BlockDeltaEvent",
  tool_call: "ToolCallEvent",
  done: "DoneEvent",
  error: "ErrorEvent",
};
const CONFLICT_CLASSES: Record<string, string> = {
  INTENT_OVERLAP: "IntentOverlapItem",
  LOCK_INTERSECTION: "LockIntersectionItem",
  DEP_CHAIN: "DepChainItem",
};

describe.skipIf(!PYTHON)("generated Python types", () => {
  let set: SampleSet;
  let dirs: string[];
  const moduleOf = (contract: string) => python.fileName(contract).replace(/\.py$/, "");
  const run = (items: (Sample | Negative)[]) =>
    runDriver(
      PYTHON!,
      [DRIVER, ...dirs],
      items.map((s) => ({ module: moduleOf(s.contract), def: s.def, value: s.value })),
    );

  beforeAll(async () => {
    const reg = await langRegistry();
    if (reg.note) console.log(`note: ${reg.note}`);
    set = await loadSamples(reg);
    const out = mkdtempSync(join(tmpdir(), "cs-lang-py-"));
    const report = await generateLanguages({ langs: ["python"], outDir: out, registryDir: reg.dir });
    expect(report.invalid).toEqual([]);
    dirs = [...new Set(report.files.map((f) => join(f.path, "..")))];
    console.log(
      `python: ${set.samples.length} samples (${set.vectorCount} from frame-wire vectors, ${set.invalidVectorEvents.length} schema-invalid vector events left out)`,
    );
  }, 120_000);

  it("imports every generated module (all registered contracts, not only the sampled ones)", () => {
    const modules = dirs.map((d) => python.fileName(basename(d)).replace(/\.py$/, ""));
    const r = spawnSync(
      PYTHON!,
      ["-c", `import sys; sys.path[:0] = ${JSON.stringify(dirs)}; ${modules.map((m) => `import ${m}`).join("; ")}`],
      { encoding: "utf8" },
    );
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(modules.length).toBeGreaterThanOrEqual(4);
  });

  it("round-trips every sample unchanged (decode, encode, compare as JSON)", () => {
    const results = run(set.samples);
    const failures = roundTripFailures(set.samples, results);
    expect(failures).toEqual([]);
  });

  it("decodes a FrameEvent to the member class its type names, and a ConflictItem likewise", () => {
    const tagged = set.samples.filter((s) => s.def === "FrameEvent" || s.def === "ConflictItem");
    const results = run(tagged);
    tagged.forEach((s, i) => {
      const tag = (s.value as { type: string }).type;
      expect(results[i]!.variant, s.label).toBe((s.def === "FrameEvent" ? EVENT_CLASSES : CONFLICT_CLASSES)[tag]);
    });
    // Nested union: the delta of a block_delta is a FieldSetDelta or an ElementAppendDelta.
    expect(tagged.some((s) => (s.value as { type: string }).type === "block_delta")).toBe(true);
  });

  it("keeps an absent optional member apart from a null one (ToolCall.result, IntentRecord.startByte)", () => {
    const absent = { type: "tool_call", call: { id: "c", name: "n", arguments: {} } };
    const nul = { type: "tool_call", call: { id: "c", name: "n", arguments: {}, result: null } };
    const fw = set.samples.find((s) => s.def === "FrameEvent")!.contract;
    const [a, n] = run([
      { contract: fw, def: "FrameEvent", value: absent, label: "absent" },
      { contract: fw, def: "FrameEvent", value: nul, label: "null" },
    ]);
    expect(a!.value).toEqual(absent);
    expect(n!.value).toEqual(nul);
  });

  it("rejects what the schema rejects: unknown tags, a missing tag, unknown members of closed objects, a wrong const", () => {
    const results = run(set.negatives);
    const accepted = set.negatives.filter((_, i) => results[i]!.ok).map((n) => `${n.label} (${n.why})`);
    expect(accepted).toEqual([]);
  });
});
