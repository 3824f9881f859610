/**
 * The ONE source of truth for the frame-wire conformance vectors.
 *
 *   npx tsx scripts/frame-wire/vectors.ts --write   regenerate conformance/vectors/frame-wire/
 *   npx tsx scripts/frame-wire/vectors.ts --check   exit 1 when the checked-in files differ
 *
 * Every expected outcome below is written by hand from the contract (docs/frame-wire.md); nothing
 * here runs our fold, so a bug in the fold cannot bless itself. A test runs our fold against every
 * vector and checks that the checked-in files equal what this script emits.
 *
 * The vectors live by area in vectors-pointers.ts and vectors-stream.ts (vectors-families.ts
 * builds the looped ones, vector-builders.ts holds the event builders); vectors-power.ts adds the
 * ones mutation testing found.
 *
 * Messages: abort messages are our wording except where the contract pins them (the gap message
 * and an ErrorEvent's message); `message_pinned` says which, for runners that compare only those.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { isMessagePinned } from "../../src/frame-wire/codes.js";
import { powerVectors } from "./vectors-power.js";
import {
  type J,
  type VectorSource,
  start,
  set,
  append,
  done,
  error,
  toolCall,
  turn,
  ok,
  text,
  list,
} from "./vector-builders.js";
import { pointerVectors } from "./vectors-pointers.js";
import { streamVectors } from "./vectors-stream.js";

export { THIRTEEN_VALUES } from "../../conformance/json-value/suite.js";
export type { VectorSource } from "./vector-builders.js";

export const VECTOR_DIR = join(dirname(fileURLToPath(import.meta.url)), "../../conformance/vectors/frame-wire");

export function vectorSources(): VectorSource[] {
  const vectors: VectorSource[] = [
    {
      name: "basic-turn",
      description:
        "A normal turn: two blocks, field_set and element_append, a tool call, done. No abort; no error members on the turn.",
      covers: [],
      events: [
        start(0, "b0", { kind: "text", text: "" }),
        set(0, "b0", 0, "/text", "Hel"),
        set(0, "b0", 1, "/text", "Hello"),
        start(1, "b1", { kind: "list", items: [] }),
        append(1, "b1", 0, "/items", "one"),
        append(1, "b1", 1, "/items", { n: 2 }),
        toolCall({ id: "call-1", name: "search", arguments: { q: "frames" } }),
        done(),
      ],
      expected: ok(
        turn([text("Hello"), list(["one", { n: 2 }])], "done", [
          { id: "call-1", name: "search", arguments: { q: "frames" } },
        ]),
      ),
    },
    {
      name: "done-only",
      description: "A turn with no blocks: done alone completes it with empty blocks and tool_calls.",
      covers: [],
      events: [done("length")],
      expected: ok(turn([], "length")),
    },
    {
      name: "blocks-in-index-order",
      description: "Blocks opened out of order (1, then 0) appear in index order; no gap.",
      covers: [],
      events: [
        start(1, "b1", text("second")),
        start(0, "b0", text("first")),
        set(1, "b1", 0, "/text", "second!"),
        done(),
      ],
      expected: ok(turn([text("first"), text("second!")])),
    },
    ...pointerVectors(),
    ...streamVectors(),
  ];
  return [...vectors, ...powerVectors()];
}

/**
 * The contract version that requires a vector's outcome (`requires`): 1.2.0 unless the outcome
 * rests on a 1.3.0 amendment (contracts/frame-wire/CHANGELOG.md). Every abort does (amendment 3:
 * the caller receives the partial turn, and amendment 2: it carries error_code/error_message);
 * so do the rules amendment 4 specified (a repeated block_start is last-write-wins, a
 * `__proto__` member is data) and the field_set cases this suite decided for 1.3.0.
 */
const REQUIRES_1_3_0 = new Set([
  "duplicate-block-start-last-write-wins",
  "repeated-block-start-each-position",
  "repeated-block-start-single-block",
  "proto-key-in-content-is-data",
  "field-set-creates-member",
  "field-set-index-equal-length-appends",
]);

export function requiredVersion(v: VectorSource): "1.2.0" | "1.3.0" {
  return v.expected.abort !== null || REQUIRES_1_3_0.has(v.name) ? "1.3.0" : "1.2.0";
}

/** The language-neutral JSON form of one vector. */
export function vectorFile(v: VectorSource): Record<string, J> {
  const out: Record<string, J> = { name: v.name, description: v.description, covers: v.covers };
  out.level = v.stdin !== undefined ? "command" : "fold";
  if (v.stdin !== undefined) out.stdin = v.stdin;
  else out.events = v.events ?? [];
  out.expected = v.expected;
  out.message_pinned = v.expected.abort === null ? true : isMessagePinned(v.expected.abort.code);
  out.requires = requiredVersion(v);
  return out;
}

/** Every file of conformance/vectors/frame-wire/, by name, with its exact text. */
export function emitVectorFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const sources = vectorSources();
  const names = new Set<string>();
  for (const v of sources) {
    if (names.has(v.name)) throw new Error(`duplicate vector name ${v.name}`);
    if (!/^[a-z0-9-]+$/.test(v.name)) throw new Error(`vector name ${v.name} is not lowercase-dashed`);
    names.add(v.name);
    files.set(`${v.name}.json`, JSON.stringify(vectorFile(v), null, 2) + "\n");
  }
  const index = {
    contract: "frame-wire",
    version: "1.3.0",
    description:
      "frame-wire 1.3.0 conformance vectors. Each file: {name, description, covers, level, events | stdin, expected: {turn, abort}, message_pinned, requires}. A fold-level vector's events are the NDJSON lines of a stream; a command-level vector gives the exact stdin. The outcome is compared by deep equality; when message_pinned is false the abort message is this suite's wording, not the contract's. requires is the earliest contract version that requires the outcome (a 1.2.0 fold is checked with the vectors requiring 1.2.0).",
    vectors: sources.map((v) => ({
      name: v.name,
      file: `${v.name}.json`,
      level: v.stdin !== undefined ? "command" : "fold",
      covers: v.covers,
    })),
  };
  files.set("index.json", JSON.stringify(index, null, 2) + "\n");
  return files;
}

/** Differences between the emitted files and those in `dir` (empty when in step). */
export function diffVectorDir(dir = VECTOR_DIR): string[] {
  const want = emitVectorFiles();
  const problems: string[] = [];
  let present: string[] = [];
  try {
    present = readdirSync(dir).filter((f) => f.endsWith(".json"));
  } catch {
    return [`${dir} does not exist`];
  }
  for (const f of present) if (!want.has(f)) problems.push(`${f} is not emitted by scripts/frame-wire/vectors.ts`);
  for (const [f, text] of want) {
    let have: string | undefined;
    try {
      have = readFileSync(join(dir, f), "utf8");
    } catch {
      have = undefined;
    }
    if (have === undefined) problems.push(`${f} is missing`);
    else if (have !== text) problems.push(`${f} differs from what the script emits`);
  }
  return problems;
}

export function writeVectorDir(dir = VECTOR_DIR): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [f, text] of emitVectorFiles()) writeFileSync(join(dir, f), text);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const mode = process.argv[2];
  if (mode === "--write") {
    writeVectorDir();
    console.log(`wrote ${emitVectorFiles().size} files to ${VECTOR_DIR}`);
  } else if (mode === "--check") {
    const problems = diffVectorDir();
    for (const p of problems) console.error(p);
    process.exitCode = problems.length > 0 ? 1 : 0;
  } else {
    console.error("usage: npx tsx scripts/frame-wire/vectors.ts --write | --check");
    process.exitCode = 2;
  }
}
