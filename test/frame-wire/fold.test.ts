/** The incremental fold API and the behaviours vectors cannot express (in-process values, ownership, observers). */
import { describe, expect, it } from "vitest";
import { gapMessage } from "../../src/frame-wire/gap.js";
import { createFold, foldEvents } from "../../src/frame-wire/fold.js";
import type { FoldDiscard } from "../../src/frame-wire/types.js";

const start = (
  index: number,
  block_id = `b${index}`,
  block: Record<string, unknown> = { kind: "text", text: "", items: [] },
) => ({ type: "block_start", index, block_id, block });
const set = (index: number, seq: number, path: string, value: unknown, block_id = `b${index}`) => ({
  type: "block_delta",
  index,
  block_id,
  seq,
  delta: { op: "field_set", path, value },
});
const append = (index: number, seq: number, path: string, value: unknown, block_id = `b${index}`) => ({
  type: "block_delta",
  index,
  block_id,
  seq,
  delta: { op: "element_append", path, value },
});
const done = { type: "done", finish_reason: "done" };

describe("createFold", () => {
  it("exposes the live partial turn while events arrive, then the outcome", () => {
    const fold = createFold();
    const turn = fold.turn;
    expect(fold.push(start(0))).toBe(true);
    expect(fold.turn.blocks).toEqual([{ kind: "text", text: "", items: [] }]);
    expect(fold.push(set(0, 0, "/text", "Hel"))).toBe(true);
    expect(fold.turn.blocks[0]!.text).toBe("Hel");
    expect(fold.turn.finish_reason).toBeNull();
    expect(fold.push(done)).toBe(true);
    expect(fold.position).toBe(3);
    const outcome = fold.finish();
    expect(outcome).toEqual({
      turn: { blocks: [{ kind: "text", text: "Hel", items: [] }], tool_calls: [], finish_reason: "done" },
      abort: null,
    });
    expect(fold.turn).toBe(turn); // one live object throughout
    expect(fold.finish()).toBe(outcome); // idempotent
    expect(fold.push(set(0, 1, "/text", "late"))).toBe(false); // ignored after finish
    expect(fold.turn.blocks[0]!.text).toBe("Hel");
  });

  it("stops at the first abort: push returns false, later events are not applied or counted", () => {
    const fold = createFold();
    fold.push(start(0));
    expect(fold.push(set(3, 0, "/text", "x"))).toBe(false);
    expect(fold.abort).toEqual({
      code: "block_delta_unknown_index",
      message: "block_delta for index 3, which no block_start opened",
      at: 1,
    });
    expect(fold.turn.error_code).toBe("block_delta_unknown_index");
    expect(fold.push(set(0, 0, "/text", "after"))).toBe(false);
    expect(fold.position).toBe(2);
    expect(fold.finish().abort!.at).toBe(1);
    expect(fold.turn.blocks[0]!.text).toBe("");
  });

  it("abortAt aborts at the current position (the command's malformed line)", () => {
    const fold = createFold();
    fold.push(start(0));
    fold.abortAt("malformed_event", "line 2 is not JSON (syntax)");
    expect(fold.finish()).toMatchObject({
      abort: { code: "malformed_event", at: 1 },
      turn: { error_code: "malformed_event", error_message: "line 2 is not JSON (syntax)" },
    });
    fold.abortAt("other", "ignored");
    expect(fold.abort!.code).toBe("malformed_event");
  });

  it("reports silent discards to onDiscard only; they never reach the outcome", () => {
    const seen: FoldDiscard[] = [];
    const o = foldEvents(
      [start(0), set(0, 0, "/text", "a"), set(0, 0, "/text", "replayed"), set(0, 1, "/text", "b", "other"), done],
      { onDiscard: (d) => seen.push(d) },
    );
    expect(o.abort).toBeNull();
    expect(o.turn).not.toHaveProperty("error_code");
    expect(seen.map((d) => [d.code, d.at])).toEqual([
      ["stale_seq", 2],
      ["block_id_mismatch", 3],
    ]);
    expect(seen[1]!.message).toBe('block_delta for index 0 carries block_id "other"; the open block is "b0"');
  });

  it("copies pushed values by default: the caller's objects are never aliased or mutated", () => {
    const block = { kind: "list", items: [] as unknown[] };
    const value = { nested: [1] };
    const events = [start(0, "b0", block), append(0, 0, "/items", value), set(0, 1, "/items/0/nested/1", 2), done];
    const o = foldEvents(events);
    expect(o.turn.blocks[0]).toEqual({ kind: "list", items: [{ nested: [1, 2] }] });
    expect(block.items).toEqual([]);
    expect(value).toEqual({ nested: [1] });
    expect(o.turn.blocks[0]).not.toBe(block);
  });

  it("adoptEvents keeps parsed values as they are (no copy)", () => {
    const events = [start(0, "b0", { kind: "list", items: [] }), append(0, 0, "/items", { n: 1 }), done];
    const o = foldEvents(events, { adoptEvents: true });
    expect(o.turn.blocks[0]).toBe((events[0] as { block: unknown }).block);
    expect((o.turn.blocks[0]!.items as unknown[])[0]).toBe((events[1] as any).delta.value);
  });

  it("adoptEvents' fast path decides every delta as the full path does, once the delta's path is cached", () => {
    // Each case: deltas that succeed on the probe's path first (so the fast path has the path's
    // cached decoding), then the probe. adoptEvents takes the fast path; the default (copying)
    // always takes the full path; both outcomes must be equal.
    const primeText = [set(0, 0, "/text", "")];
    const probes: [string, unknown[], () => unknown, string | null][] = [
      ["array event with event members", primeText, () => Object.assign([], set(0, 1, "/text", "x")), "invalid_event"],
      ["extra event member", primeText, () => ({ ...set(0, 1, "/text", "x"), extra: 1 }), "invalid_event"],
      [
        "extra delta member",
        primeText,
        () => ({ ...set(0, 1, "/text", "x"), delta: { op: "field_set", path: "/text", value: "x", extra: 1 } }),
        "invalid_event",
      ],
      [
        "array delta",
        primeText,
        () => ({
          ...set(0, 1, "/text", "x"),
          delta: Object.assign([], { op: "field_set", path: "/text", value: "x" }),
        }),
        "invalid_event",
      ],
      ["non-integer seq", primeText, () => set(0, 1.5, "/text", "x"), "invalid_event"],
      ["negative index", primeText, () => set(-1, 1, "/text", "x", "b0"), "invalid_event"],
      [
        "unknown op",
        primeText,
        () => ({ ...set(0, 1, "/text", "x"), delta: { op: "field_merge", path: "/text", value: "x" } }),
        "invalid_event",
      ],
      ["value undefined", primeText, () => set(0, 1, "/text", undefined), "invalid_event"],
      ["stale seq", primeText, () => set(0, 0, "/text", "x"), null],
      ["other block_id", primeText, () => set(0, 1, "/text", "x", "other"), null],
      ["index never opened", primeText, () => set(7, 1, "/text", "x", "b0"), "block_delta_unknown_index"],
      ["/kind to a number", [set(0, 0, "/kind", "text")], () => set(0, 1, "/kind", 5), "block_kind_not_string"],
      [
        "append to a string",
        [append(0, 0, "/items", 1), set(0, 1, "/items", "s")],
        () => append(0, 2, "/items", "x"),
        "element_append_not_array",
      ],
      [
        "container replaced by a scalar",
        [set(0, 0, "/meta", {}), set(0, 1, "/meta/x", 1), set(0, 2, "/meta", 5)],
        () => set(0, 3, "/meta/x", 2),
        "pointer_not_a_container",
      ],
      [
        "index beyond the end",
        [set(0, 0, "/items/0", 1), set(0, 1, "/items", [])],
        () => set(0, 2, "/items/0", 2),
        null,
      ],
      [
        "delta members in another order",
        primeText,
        () => ({ ...set(0, 1, "/text", "x"), delta: { value: "x", op: "field_set", path: "/text" } }),
        null,
      ],
      [
        "delta value inherited, not own",
        primeText,
        () => ({
          ...set(0, 1, "/text", "x"),
          delta: Object.assign(Object.create({ value: "x" }), { op: "field_set", path: "/text", note: 1 }),
        }),
        "invalid_event",
      ],
      ["applies", primeText, () => set(0, 1, "/text", "x"), null],
    ];
    for (const [name, primers, probe, code] of probes) {
      const events = () => [start(0), ...structuredClone(primers), probe(), done];
      const adopted = foldEvents(events(), { adoptEvents: true });
      const copied = foldEvents(events());
      expect(adopted.abort?.code ?? null, name).toBe(code);
      expect(adopted, name).toEqual(copied);
    }
  });

  it("adoptEvents' fast path never takes one path for another that shares its memo entry", () => {
    // "/xa" and "/x!" share an entry of fold.ts's recent-path memo (same length, same first
    // character, last characters 64 apart), and so do "/xa/n" and "/x!/n"; alternating between
    // them makes every lookup replace the other's entry.
    const pairs = [
      ["/xa", "/x!"],
      ["/xa/n", "/x!/n"],
    ] as const;
    const block = { kind: "k", xa: { n: 0 }, "x!": { n: 0 } };
    const deltas = Array.from({ length: 12 }, (_, seq) => {
      const [a, b] = pairs[seq < 6 ? 1 : 0]!; // the nested pair first: the top-level one replaces its containers
      return set(0, seq, seq % 2 === 0 ? a : b, seq);
    });
    const events = () => [start(0, "b0", structuredClone(block)), ...structuredClone(deltas), done];
    const adopted = foldEvents(events(), { adoptEvents: true });
    expect(adopted.abort).toBeNull();
    expect(adopted.turn.blocks[0]).toEqual({ kind: "k", xa: 10, "x!": 11 });
    expect(adopted).toEqual(foldEvents(events()));
  });

  it("rejects values JSON cannot carry, and inputs that throw while being read, as invalid_event", () => {
    const cyclic: Record<string, unknown> = { kind: "k" };
    cyclic.self = cyclic;
    const cases: [unknown, RegExp][] = [
      [start(0, "b0", cyclic), /block_start\.block is not a JSON value/],
      [set(0, 0, "/text", undefined), /block_delta.delta.value is not a JSON value/],
      [set(0, 0, "/text", NaN), /not a JSON value/],
      [set(0, 0, "/text", 1n), /not a JSON value/],
      [set(0, 0, "/text", new Date(0)), /not a JSON value/],
      [set(0, 0, "/text", [, 1]), /not a JSON value/],
      [Object.create({ type: "done", finish_reason: "done" }), /an event is a JSON object/],
      [
        new (class Done {
          type = "done";
          finish_reason = "done";
        })(),
        /an event is a JSON object/,
      ],
      [
        Object.defineProperty({ type: "done" }, "finish_reason", {
          enumerable: true,
          get: () => {
            throw new Error("getter");
          },
        }),
        /reading it threw \(getter\)/,
      ],
      [
        new Proxy(
          {},
          {
            getPrototypeOf: () => {
              throw new Error("trap");
            },
          },
        ),
        /reading it threw \(trap\)/,
      ],
    ];
    for (const [event, reason] of cases) {
      const o = foldEvents(event && (event as any).type === "block_delta" ? [start(0), event, done] : [event, done]);
      expect(o.abort?.code, String(reason)).toBe("invalid_event");
      expect(o.abort!.message).toMatch(reason);
    }
    // A null-prototype object is a plain JSON object.
    expect(foldEvents([Object.assign(Object.create(null), done)]).abort).toBeNull();
  });

  it("keeps a member named __proto__ as own data and never touches Object.prototype", () => {
    const event = JSON.parse(
      '{"type":"block_start","index":0,"block_id":"b","block":{"kind":"k","__proto__":{"polluted":true}}}',
    );
    const o = foldEvents([
      event,
      JSON.parse(
        '{"type":"block_delta","index":0,"block_id":"b","seq":0,"delta":{"op":"field_set","path":"/x","value":{"__proto__":{"p":1}}}}',
      ),
      done,
    ]);
    expect(o.abort).toBeNull();
    const block = o.turn.blocks[0] as Record<string, unknown>;
    expect(Object.getPrototypeOf(block)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(block, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(block.x)).toBe(Object.prototype);
    expect(JSON.stringify(o.turn)).toContain('"__proto__":{"polluted":true}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("inserts blocks opened out of order at their index position, and replaces in place on a repeated block_start", () => {
    const fold = createFold();
    for (const i of [5, 1, 3, 0, 4, 2]) fold.push(start(i, `b${i}`, { kind: String(i) }));
    expect(fold.turn.blocks.map((b) => b.kind)).toEqual(["0", "1", "2", "3", "4", "5"]);
    fold.push(start(3, "again", { kind: "3b" }));
    expect(fold.turn.blocks.map((b) => b.kind)).toEqual(["0", "1", "2", "3b", "4", "5"]);
    fold.push(done);
    expect(fold.finish().abort).toBeNull();
  });
});

describe("gapMessage", () => {
  it("is null for contiguous indices and names opened indices and missing runs otherwise", () => {
    expect(gapMessage([])).toBeNull();
    expect(gapMessage([0, 1, 2])).toBeNull();
    expect(gapMessage([2, 5])).toBe("block indices not contiguous from 0: opened 2, 5; missing 0-1, 3-4");
    expect(gapMessage([1])).toBe("block indices not contiguous from 0: opened 1; missing 0");
    expect(gapMessage([0, 2, 3, 7])).toBe("block indices not contiguous from 0: opened 0, 2, 3, 7; missing 1, 4-6");
    expect(gapMessage([1e9])).toBe("block indices not contiguous from 0: opened 1000000000; missing 0-999999999");
  });
});
