/**
 * The frame-wire amendment's own claim, checked by the diff: no payload valid against 1.2.0 is
 * invalid against 1.3.0. Run on a faithful minimal pair in fixtures, and on the real registry
 * pair once contracts/frame-wire/history/1.2.0 exists.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { diffContracts, diffDocuments } from "../../src/review/run-diff.js";
import { buildModel } from "../../src/review/model.js";
import { loadSource } from "../../src/review/source.js";
import type { DiffReport } from "../../src/review/diff.js";
import { independentlyValid, mutated, registry, shownSurfaceKey } from "./helpers.js";
import { findContract } from "../../src/contracts/index.js";

const FIXTURES = resolve(import.meta.dirname, "fixtures/frame-wire-min");
const REAL_OLD = resolve(registry.dir, "frame-wire/history/1.2.0/frame_wire.json");
const REAL_NEW = resolve(registry.dir, "frame-wire/frame_wire.json");
const EVENTS = ["FrameEvent", "BlockStartEvent", "BlockDeltaEvent", "ToolCallEvent", "DoneEvent", "ErrorEvent"];

/** The thirteen values the amendment ran through a 2020-12 validator. */
const THIRTEEN: unknown[] = [null, true, false, 0, 42, -1, 3.5, "", "str", [], [1, { a: 1 }], {}, { a: { b: [null] } }];

function valueSites(v: unknown): unknown[] {
  return [
    {
      type: "block_delta",
      index: 0,
      block_id: "b",
      seq: 1,
      delta: { op: "field_set", path: "/progress_pct", value: v },
    },
    { type: "block_delta", index: 0, block_id: "b", seq: 2, delta: { op: "element_append", path: "/items", value: v } },
    { type: "tool_call", call: { id: "c1", name: "search", arguments: { q: v }, result: v } },
  ];
}

function expectCompatible(report: DiffReport): void {
  const bad = report.findings.filter((c) => c.verdict !== "compatible");
  expect(bad, JSON.stringify(bad, null, 1)).toEqual([]);
  expect(report.verdict).toBe("compatible");
}

async function checkPair(oldPath: string, newPath: string, received: string[]): Promise<void> {
  const report = await diffDocuments(oldPath, newPath, { received, samples: 200 });
  expectCompatible(report);
  // Every changed event surface rests on a structural proof and on samples that agree.
  const events = report.findings.filter((c) => c.kind === "equivalent");
  expect(events.length).toBeGreaterThan(0);
  for (const c of events) expect(c.evidence).toMatch(/proved structurally.*\d+ sampled payloads agree/);
  // FrameTurn (built by the fold, not on the wire) only widened: the request criterion holds.
  expect(
    report.findings.some(
      (c) => c.kind === "property-added" && c.path.includes("FrameTurn") && c.path.endsWith("error_code"),
    ),
  ).toBe(true);
  // The thirteen values, at every value site, are valid under both versions (fresh ajv).
  const [a, b] = [await loadSource(oldPath), await loadSource(newPath)];
  const oldM = buildModel(a.contract, { received });
  const newM = buildModel(b.contract, { received });
  for (const v of THIRTEEN) {
    for (const payload of valueSites(v)) {
      expect(independentlyValid(oldM, "root", payload), `1.2.0 accepts ${JSON.stringify(payload)}`).toBe(true);
      expect(independentlyValid(newM, "root", payload), `1.3.0 accepts ${JSON.stringify(payload)}`).toBe(true);
    }
  }
}

describe("frame-wire 1.2.0 -> 1.3.0 is compatible", () => {
  it("on the faithful minimal pair (fixtures)", async () => {
    await checkPair(resolve(FIXTURES, "1.2.0/frame_wire.json"), resolve(FIXTURES, "1.3.0/frame_wire.json"), EVENTS);
  });

  it.runIf(existsSync(REAL_OLD))("on the real registry pair (contracts/frame-wire)", async () => {
    await checkPair(REAL_OLD, REAL_NEW, findContract(registry, "frame-wire").received ?? EVENTS);
  });

  it("and the check can fail: a JsonValue without its null branch is breaking, shown by a payload", async () => {
    const [a, b] = [
      await loadSource(resolve(FIXTURES, "1.2.0/frame_wire.json")),
      await loadSource(resolve(FIXTURES, "1.3.0/frame_wire.json")),
    ];
    const broken = mutated(
      b.contract,
      (d) => (d.$defs.JsonValue.oneOf = d.$defs.JsonValue.oneOf.filter((s: { type: string }) => s.type !== "null")),
    );
    const report = diffContracts(a.contract, broken, { received: EVENTS, samples: 100 });
    expect(report.verdict).toBe("breaking");
    const withPayload = report.findings.filter((c) => c.verdict === "breaking" && c.counterexample);
    expect(withPayload.length).toBeGreaterThan(0);
    expect(JSON.stringify(withPayload.map((c) => c.counterexample!.payload))).toContain("null");
    const oldM = buildModel(a.contract, { received: EVENTS });
    const newM = buildModel(broken, { received: EVENTS });
    for (const c of withPayload) {
      const key = shownSurfaceKey(newM, c)!;
      expect(independentlyValid(oldM, key, c.counterexample!.payload)).toBe(true);
      expect(independentlyValid(newM, key, c.counterexample!.payload)).toBe(false);
    }
  });
});
