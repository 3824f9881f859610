/**
 * Shared by the other-language tests: the registry to generate from, the samples every language
 * must round-trip (and the ones it must reject), toolchain discovery/installation, and a JSON
 * comparison that reports where two values differ.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsImport from "ajv-formats";
import {
  BUNDLED_CONTRACTS_DIR,
  loadContract,
  loadRegistry,
  type ContractEntry,
  type Registry,
} from "../../src/contracts/index.js";
import { buildBundle } from "../../codegen/bundle.js";

const HERE = dirname(fileURLToPath(import.meta.url));
export const REPO = resolve(HERE, "..", "..");
export const VECTOR_DIR = join(REPO, "conformance", "vectors", "frame-wire");

export interface Sample {
  contract: string;
  def: string;
  value: unknown;
  label: string;
}

export interface Negative extends Sample {
  /** Why a decoder must refuse it. */
  why: string;
}

// ---------------------------------------------------------------------------------------------
// Registry

export interface LangRegistry {
  dir: string;
  registry: Registry;
  /** Registered name of the frame-wire contract (registered as `frame_wire` by its owner). */
  frameWire: string;
  /** Why a stand-in registry is used instead of the bundled one, if it is. */
  note?: string;
}

const FRAME_WIRE_ENTRY = "frame-wire/frame_wire.json";

export const EDGE_CASES = "edge-cases";

/**
 * A copy of the bundled registry in a temporary folder, with test/lang's edge-case contract
 * registered next to the real ones (shapes the real contracts may stop having). Should frame-wire
 * not be registered or not load, the copy registers it / drops its `$id`, and the note says so.
 */
export async function langRegistry(): Promise<LangRegistry> {
  const dir = mkdtempSync(join(tmpdir(), "cs-lang-registry-"));
  cpSync(BUNDLED_CONTRACTS_DIR, dir, { recursive: true });
  cpSync(join(HERE, "fixtures", "edge-cases"), join(dir, EDGE_CASES), { recursive: true });
  const indexPath = join(dir, "index.json");
  const index = JSON.parse(readFileSync(indexPath, "utf8")) as { contracts: ContractEntry[] };
  index.contracts.push({
    name: EDGE_CASES,
    kind: "json-schema",
    version: "0.0.0",
    entry: `${EDGE_CASES}/edge-cases.schema.json`,
    description: "test/lang edge cases",
  });
  let entry = index.contracts.find((c) => c.entry === FRAME_WIRE_ENTRY);
  const notes: string[] = [];
  if (!entry) {
    entry = { name: "frame_wire", kind: "json-schema", version: "1.3.0", entry: FRAME_WIRE_ENTRY };
    index.contracts.push(entry);
    notes.push("frame-wire is not registered: registered in the temporary copy");
  }
  writeFileSync(indexPath, JSON.stringify(index, null, 2));
  let registry = loadRegistry(dir);
  if (!(await loadsCleanly(registry, entry))) {
    for (const f of ["frame_wire.json", "forge_block.json"]) {
      const p = join(dir, "frame-wire", f);
      const doc = JSON.parse(readFileSync(p, "utf8")) as Record<string, unknown>;
      delete doc.$id;
      writeFileSync(p, JSON.stringify(doc, null, 2));
    }
    notes.push("frame_wire.json did not load: $id dropped in the temporary copy");
    registry = loadRegistry(dir);
  }
  return { dir, registry, frameWire: entry.name, ...(notes.length ? { note: notes.join("; ") } : {}) };
}

async function loadsCleanly(registry: Registry, entry: ContractEntry): Promise<boolean> {
  try {
    return (await loadContract(registry, entry)).problems.length === 0;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Samples

/** Events and turns beyond the vectors: every JsonValue branch, absent vs null, unicode, nesting. */
function ownFrameWireSamples(): { def: string; value: unknown; label: string }[] {
  const ev = (value: unknown, label: string) => ({ def: "FrameEvent", value, label });
  const values: unknown[] = [
    null,
    true,
    false,
    0,
    42,
    -1,
    3.5,
    1e-7,
    12345678901234,
    "",
    'str ünï ✓ "q" \\ </script>',
    [],
    [1, { a: 1 }],
    {},
    { a: { b: [null] } },
  ];
  return [
    ...values.map((value, i) =>
      ev(
        { type: "block_delta", index: 0, block_id: "b0", seq: i, delta: { op: "field_set", path: "/x", value } },
        `field_set value #${i}`,
      ),
    ),
    ...values.map((value, i) =>
      ev(
        {
          type: "block_delta",
          index: 2,
          block_id: "b2",
          seq: i,
          delta: { op: "element_append", path: "/items/0", value },
        },
        `element_append value #${i}`,
      ),
    ),
    ev({ type: "block_start", index: 0, block_id: "b0", block: { kind: "text" } }, "block_start, bare block"),
    ev(
      {
        type: "block_start",
        index: 3,
        block_id: "b3",
        block: { kind: "code", lang: "rust", lines: ["fn main() {}"], meta: { n: 1, ok: null } },
      },
      "block_start, free content",
    ),
    ev({ type: "tool_call", call: { id: "c1", name: "search", arguments: {} } }, "tool_call, no result"),
    ev(
      { type: "tool_call", call: { id: "c1", name: "search", arguments: { q: "x", n: 3 }, result: null } },
      "tool_call, result null",
    ),
    ev(
      {
        type: "tool_call",
        call: { id: "c1", name: "search", arguments: { deep: { a: [1, 2, { b: null }] } }, result: { hits: [] } },
      },
      "tool_call, result object",
    ),
    ev({ type: "tool_call", call: { id: "c2", name: "calc", arguments: {}, result: 0 } }, "tool_call, result 0"),
    ev({ type: "done", finish_reason: "done" }, "done"),
    ev({ type: "done", finish_reason: "length" }, "done, other reason"),
    ev({ type: "error", code: "upstream_timeout", message: "" }, "error"),
    { def: "FrameTurn", value: { blocks: [], tool_calls: [], finish_reason: null }, label: "empty turn" },
    {
      def: "FrameTurn",
      value: {
        blocks: [{ kind: "text", text: "hi" }],
        tool_calls: [{ id: "c", name: "n", arguments: {} }],
        finish_reason: "done",
        error_code: "block_start_index_gap",
        error_message: "m",
      },
      label: "aborted turn",
    },
    { def: "ToolCall", value: { id: "c", name: "n", arguments: { a: null }, result: [null] }, label: "tool call" },
    { def: "ForgeBlock", value: { kind: "list", items: [1, "two", { three: 3 }] }, label: "forge block" },
    { def: "JsonValue", value: { a: [1, 2.5, "x", null, true, { b: {} }] }, label: "json value" },
  ];
}

function vectorSamples(): { def: string; value: unknown; label: string }[] {
  if (!existsSync(VECTOR_DIR)) return [];
  const out: { def: string; value: unknown; label: string }[] = [];
  for (const file of readdirSync(VECTOR_DIR)
    .filter((f) => f.endsWith(".json") && f !== "index.json")
    .sort()) {
    const v = JSON.parse(readFileSync(join(VECTOR_DIR, file), "utf8")) as {
      events?: unknown[];
      stdin?: string;
      expected?: { turn?: unknown };
    };
    const events =
      v.events ??
      (v.stdin ?? "")
        .split(/\r?\n/)
        .filter((l) => l.trim() !== "")
        .flatMap((l) => tryParse(l));
    events.forEach((e, i) => out.push({ def: "FrameEvent", value: e, label: `${file} event ${i}` }));
    if (v.expected?.turn !== undefined)
      out.push({ def: "FrameTurn", value: v.expected.turn, label: `${file} expected turn` });
  }
  return out;
}

function tryParse(line: string): unknown[] {
  try {
    return [JSON.parse(line)];
  } catch {
    return [];
  }
}

export interface SampleSet {
  samples: Sample[];
  negatives: Negative[];
  /** Vector events left out because they are not valid against the schema (deliberately bad input). */
  invalidVectorEvents: string[];
  vectorCount: number;
}

/** Every sample, checked against its definition in the contract's own bundle (ajv). */
export async function loadSamples(reg: LangRegistry): Promise<SampleSet> {
  const validators = new Map<string, (v: unknown) => boolean>();
  const ajvFor = async (contractName: string) => {
    const entry = reg.registry.contracts.find((c) => c.name === contractName)!;
    const contract = await loadContract(reg.registry, entry);
    const { bundle } = buildBundle(contract);
    const ajv = new Ajv2020({ strict: false, allErrors: false });
    (addFormatsImport as unknown as (a: Ajv2020) => void)(ajv);
    ajv.addSchema({ $id: bundle.id, $defs: bundle.defs });
    return (def: string) => {
      const key = `${contractName}#${def}`;
      if (!validators.has(key)) validators.set(key, ajv.compile({ $ref: `${bundle.id}#/$defs/${def}` }));
      return validators.get(key)!;
    };
  };
  const fw = await ajvFor(reg.frameWire);
  const wit = await ajvFor("wit");
  const jv = await ajvFor("json-value");

  const samples: Sample[] = [];
  const invalidVectorEvents: string[] = [];
  const vectors = vectorSamples();
  for (const s of vectors) {
    if (fw(s.def)(s.value)) samples.push({ contract: reg.frameWire, ...s });
    else invalidVectorEvents.push(s.label);
  }
  for (const s of ownFrameWireSamples()) {
    if (!fw(s.def)(s.value)) throw new Error(`own frame-wire sample "${s.label}" is not valid against ${s.def}`);
    samples.push({ contract: reg.frameWire, ...s });
  }
  const witSamples = JSON.parse(readFileSync(join(HERE, "fixtures", "wit-samples.json"), "utf8")) as Record<
    string,
    unknown[]
  >;
  for (const [def, values] of Object.entries(witSamples)) {
    if (def.startsWith("$")) continue;
    values.forEach((value, i) => {
      if (!wit(def)(value)) throw new Error(`wit sample ${def} #${i} is not valid against ${def}`);
      samples.push({ contract: "wit", def, value, label: `wit ${def} #${i}` });
    });
  }
  const edge = await ajvFor(EDGE_CASES);
  const edgeSamples: [string, unknown][] = [
    ["Holder", { a: 7, span: null }],
    [
      "Holder",
      {
        a: "name#2",
        b: 0,
        span: { start: 1, end: 9 },
        tags: [],
        meta: null,
        when: "2025-11-29T18:04:05.120Z",
        nested: { x: false },
      },
    ],
    ["Holder", { a: 0, span: { start: 0, end: 0 }, tags: ["t"], meta: { k: "v" }, nested: {} }],
    ["MaybeSpan", null],
    ["MaybeSpan", { start: 2, end: 3 }],
    ["MaybeMap", { a: "b" }],
    ["AddressA", 12],
    ["AddressB", "x"],
    ["Shape", { kind: "circle", r: 1.5 }],
    ["Shape", { kind: "square", side: 2 }],
    [
      "Drawing",
      {
        shapes: [
          { kind: "square", side: 1 },
          { kind: "circle", r: 0 },
        ],
      },
    ],
    ["Drawing", { shapes: [], focus: { kind: "circle", r: 3 } }],
  ];
  edgeSamples.forEach(([def, value], i) => {
    if (!edge(def)(value)) throw new Error(`edge-case sample #${i} is not valid against ${def}`);
    samples.push({ contract: EDGE_CASES, def, value, label: `edge ${def} #${i}` });
  });
  for (const [i, value] of [null, 0, -2.5, "s", [], [null, [[]]], {}, { k: { "": [true] } }].entries()) {
    if (!jv("JsonValue")(value)) throw new Error(`json-value sample #${i} invalid`);
    samples.push({ contract: "json-value", def: "JsonValue", value, label: `json-value #${i}` });
  }

  const negatives: Negative[] = [
    {
      contract: reg.frameWire,
      def: "FrameEvent",
      value: { type: "block_stop", index: 0 },
      label: "unknown event type",
      why: "a tag no member has",
    },
    {
      contract: reg.frameWire,
      def: "FrameEvent",
      value: { index: 0, block_id: "b" },
      label: "no type",
      why: "the tag is missing",
    },
    {
      contract: reg.frameWire,
      def: "FrameEvent",
      value: { type: "done", finish_reason: "done", extra: 1 },
      label: "done + extra member",
      why: "DoneEvent is closed (additionalProperties: false)",
    },
    {
      contract: reg.frameWire,
      def: "ToolCall",
      value: { id: "c", name: "n", arguments: {}, extra: true },
      label: "tool call + extra member",
      why: "ToolCall is closed",
    },
    {
      contract: reg.frameWire,
      def: "FrameEvent",
      value: {
        type: "block_delta",
        index: 0,
        block_id: "b",
        seq: 0,
        delta: { op: "field_merge", path: "/a", value: 1 },
      },
      label: "unknown delta op",
      why: "a nested union's tag no member has",
    },
    {
      contract: reg.frameWire,
      def: "FrameEvent",
      value: { type: "tool_call" },
      label: "tool_call without call",
      why: "a required member is missing",
    },
    {
      contract: reg.frameWire,
      def: "DoneEvent",
      value: { type: "error", finish_reason: "done" },
      label: "DoneEvent with another type",
      why: "the const member must hold its constant",
    },
    {
      contract: reg.frameWire,
      def: "FrameEvent",
      value: { type: "block_delta", index: 0, block_id: "b", seq: 0, delta: { op: "field_set", path: "/a" } },
      label: "field_set without value",
      why: "a required any-JSON member is missing",
    },
    {
      contract: reg.frameWire,
      def: "FrameTurn",
      value: { blocks: [], tool_calls: [] },
      label: "turn without finish_reason",
      why: "a required nullable member is missing",
    },
    {
      contract: "wit",
      def: "ConflictItem",
      value: { type: "LOCK_STOLEN", symbolPath: "a:b" },
      label: "unknown conflict type",
      why: "a tag no member has",
    },
    {
      contract: "wit",
      def: "IntentRecord",
      value: {
        intentId: "i",
        sessionId: "s",
        description: "d",
        files: ",",
        symbols: "[]",
        status: "paused",
        declaredAt: 1,
        updatedAt: 1,
      },
      label: "unknown intent status",
      why: "an enum value it does not list",
    },
    {
      contract: EDGE_CASES,
      def: "Shape",
      value: { kind: "triangle", side: 1 },
      label: "unknown shape kind",
      why: "a tag no member has",
    },
    {
      contract: EDGE_CASES,
      def: "Holder",
      value: { a: 1, span: null, nested: { x: true, y: 1 } },
      label: "closed inline object + extra member",
      why: "a hoisted inline object keeps additionalProperties: false",
    },
    {
      contract: EDGE_CASES,
      def: "Holder",
      value: { a: 1 },
      label: "holder without span",
      why: "a required nullable member is missing",
    },
  ];
  for (const n of negatives) {
    const ok = (n.contract === "wit" ? wit : n.contract === EDGE_CASES ? edge : fw)(n.def)(n.value);
    if (ok) throw new Error(`negative sample "${n.label}" is valid against its schema`);
  }
  return { samples, negatives, invalidVectorEvents, vectorCount: vectors.length };
}

// ---------------------------------------------------------------------------------------------
// Comparison

/** Where two JSON values differ (a pointer and both sides), or undefined when they are equal. */
export function jsonDiff(a: unknown, b: unknown, at = ""): string | undefined {
  if (typeof a === "number" && typeof b === "number") return a === b ? undefined : `${at || "/"}: ${a} != ${b}`;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") {
    return a === b ? undefined : `${at || "/"}: ${JSON.stringify(a)} != ${JSON.stringify(b)}`;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return `${at || "/"}: array vs object`;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${at || "/"}: length ${a.length} != ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = jsonDiff(a[i], b[i], `${at}/${i}`);
      if (d) return d;
    }
    return undefined;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
  for (const k of [...keys].sort()) {
    if (!(k in ao)) return `${at}/${k}: absent != ${JSON.stringify(bo[k])}`;
    if (!(k in bo)) return `${at}/${k}: ${JSON.stringify(ao[k])} != absent`;
    const d = jsonDiff(ao[k], bo[k], `${at}/${k}`);
    if (d) return d;
  }
  return undefined;
}

/** Lower-case letters and digits only: matches a definition to each language's spelling of it. */
export const normalizeName = (s: string) => s.replace(/[^A-Za-z0-9]/g, "").toLowerCase();

// ---------------------------------------------------------------------------------------------
// Toolchains

export function which(cmd: string): string | undefined {
  const r = spawnSync("sh", ["-c", `command -v ${cmd}`], { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

/**
 * Makes sure a Debian package's command exists, installing it with apt-get when it does not and we
 * are root (CI and fresh developer machines; .ci/run does the same before the tests). Returns
 * undefined when it is there, or the reason it cannot be.
 */
export function ensureDebianTool(
  cmd: string,
  packages: string[],
  log: (s: string) => void = console.log,
): string | undefined {
  if (which(cmd)) return undefined;
  const why = installDebianPackages(packages, log);
  if (why) return `${cmd} is not installed and ${why}`;
  return which(cmd) ? undefined : `${cmd} still missing after installing ${packages.join(" ")}`;
}

/** apt-get install, when we are root on Debian; the reason it could not, otherwise. */
export function installDebianPackages(packages: string[], log: (s: string) => void = console.log): string | undefined {
  if (process.getuid?.() !== 0 || !which("apt-get")) return "apt-get is not usable here (not root or not Debian)";
  log(`installing ${packages.join(" ")} (apt-get)`);
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update", "-qq"], { stdio: "ignore", env, timeout: 300_000 });
    execFileSync("apt-get", ["install", "-y", "-qq", ...packages], { stdio: "ignore", env, timeout: 600_000 });
    return undefined;
  } catch (e) {
    return `apt-get install ${packages.join(" ")} failed: ${(e as Error).message.split("\n")[0]}`;
  }
}

export interface DriverResult {
  ok: boolean;
  value?: unknown;
  variant?: string;
  error?: string;
}

/** Runs a driver over NDJSON requests; one NDJSON result per request, in order. */
export function runDriver(
  cmd: string,
  args: string[],
  requests: unknown[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): DriverResult[] {
  const input = requests.map((r) => JSON.stringify(r)).join("\n") + "\n";
  const r = spawnSync(cmd, args, {
    input,
    encoding: "utf8",
    cwd: options.cwd,
    env: options.env ?? process.env,
    maxBuffer: 64 * 1024 * 1024,
    timeout: 120_000,
  });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} exited ${r.status}: ${r.stderr}`);
  const lines = r.stdout.split("\n").filter((l) => l.trim() !== "");
  if (lines.length !== requests.length)
    throw new Error(`driver answered ${lines.length} lines for ${requests.length} requests\n${r.stderr}`);
  return lines.map((l) => JSON.parse(l) as DriverResult);
}

/** A driver's answer for one sample: the re-encoded value, or why decoding failed. */
export interface DriverResult {
  ok: boolean;
  value?: unknown;
  error?: string;
  variant?: string;
}

/** Samples whose round trip failed or changed the value (empty when every sample came back unchanged). */
export function roundTripFailures(samples: readonly Sample[], results: readonly DriverResult[]): string[] {
  return samples.flatMap((s, i) => {
    const r = results[i]!;
    if (!r.ok) return [`${s.label}: ${r.error}`];
    const d = jsonDiff(s.value, r.value);
    return d ? [`${s.label}: ${d}`] : [];
  });
}

/** The member type a tagged union decodes to, by tag (FrameEvent and Wit's ConflictItem). */
export const VARIANT_BY_TAG: Record<string, string> = {
  block_start: "BlockStartEvent",
  block_delta: "BlockDeltaEvent",
  tool_call: "ToolCallEvent",
  done: "DoneEvent",
  error: "ErrorEvent",
  INTENT_OVERLAP: "IntentOverlapItem",
  LOCK_INTERSECTION: "LockIntersectionItem",
  DEP_CHAIN: "DepChainItem",
};
