import { describe, expect, it } from "vitest";
import { applyTransaction, checkDelimiters } from "../../src/wright-agent/mock/edits.js";
import { LineIndex, sha256Hex } from "../../src/wright-agent/mock/text.js";
import type { SourceEdit } from "../../src/generated/wright-agent/types.js";

const files: Record<string, string> = { "a.ws": "alpha\nbeta\ngamma\n", "b.ws": "x😀y\n" };
const lookup = (s: string) => (s in files ? { text: files[s]! } : undefined);
const edit = (
  source: string,
  a: [number, number],
  b: [number, number],
  text: string,
  identity = sha256Hex(files[source] ?? ""),
): SourceEdit => ({
  kind: "replace",
  source,
  source_identity: identity,
  range: { start_line: a[0], start_col: a[1], end_line: b[0], end_col: b[1] },
  new_text: text,
});
const tx = (edits: SourceEdit[]) => ({ edits: edits as [SourceEdit, ...SourceEdit[]] });
const codes = (o: ReturnType<typeof applyTransaction>) => (o.ok ? [] : o.diagnostics.map((d) => d.code));

describe("edit transactions", () => {
  it("applies several edits per source against the original coordinates, half-open and 1-based", () => {
    const o = applyTransaction(
      tx([edit("a.ws", [1, 1], [1, 6], "ALPHA"), edit("a.ws", [3, 6], [3, 6], "!"), edit("a.ws", [2, 1], [3, 1], "")]),
      lookup,
    );
    expect(o.ok && o.edited.get("a.ws")).toBe("ALPHA\ngamma!\n");
  });

  it("columns count code points", () => {
    const o = applyTransaction(tx([edit("b.ws", [1, 2], [1, 3], "-")]), lookup);
    expect(o.ok && o.edited.get("b.ws")).toBe("x-y\n");
  });

  it("refuses the whole transaction on a stale identity, even when other edits are fine", () => {
    const o = applyTransaction(
      tx([edit("b.ws", [1, 1], [1, 2], "X"), edit("a.ws", [1, 1], [1, 2], "A", sha256Hex("old text"))]),
      lookup,
    );
    expect(o.ok).toBe(false);
    expect(codes(o)).toEqual(["edit-stale-source"]);
  });

  it("refuses overlapping ranges and two edits at one insertion point; touching ranges are fine", () => {
    expect(
      codes(applyTransaction(tx([edit("a.ws", [1, 1], [1, 4], "x"), edit("a.ws", [1, 3], [1, 6], "y")]), lookup)),
    ).toEqual(["edit-overlap"]);
    expect(
      codes(applyTransaction(tx([edit("a.ws", [2, 1], [2, 1], "x"), edit("a.ws", [2, 1], [2, 1], "y")]), lookup)),
    ).toEqual(["edit-overlap"]);
    expect(
      codes(applyTransaction(tx([edit("a.ws", [2, 1], [2, 1], "x"), edit("a.ws", [2, 1], [2, 3], "y")]), lookup)),
    ).toEqual(["edit-overlap"]);
    expect(
      codes(applyTransaction(tx([edit("a.ws", [1, 1], [1, 3], "x"), edit("a.ws", [1, 3], [1, 5], "y")]), lookup)),
    ).toEqual([]);
  });

  it("refuses ranges outside the text or reversed, and unknown sources", () => {
    expect(codes(applyTransaction(tx([edit("a.ws", [9, 1], [9, 1], "x")]), lookup))).toEqual(["edit-invalid-range"]);
    expect(codes(applyTransaction(tx([edit("a.ws", [1, 7], [1, 8], "x")]), lookup))).toEqual(["edit-invalid-range"]);
    expect(codes(applyTransaction(tx([edit("a.ws", [2, 3], [2, 1], "x")]), lookup))).toEqual(["edit-invalid-range"]);
    expect(
      codes(
        applyTransaction(
          tx([edit("zz.ws", [1, 1], [1, 1], "x", "0".repeat(64)), edit("zz.ws", [1, 1], [1, 1], "y", "0".repeat(64))]),
          lookup,
        ),
      ),
    ).toEqual(["edit-unknown-source"]);
    // Line end and the position after a final newline are inside the text.
    expect(
      codes(applyTransaction(tx([edit("a.ws", [1, 6], [1, 6], "!"), edit("a.ws", [4, 1], [4, 1], "delta\n")]), lookup)),
    ).toEqual([]);
  });

  it("the delimiter check reports the first problem with its position", () => {
    expect(checkDelimiters('rule("x") { actions { Wait(1); } }', { source: "m" })).toEqual([]);
    expect(checkDelimiters("// a ( comment\nrule() {}", { source: "m" })).toEqual([]);
    const [unclosed] = checkDelimiters("rule(\n{ x(1) ", { source: "m.ws", file: 0, path: "m.ws" });
    expect(unclosed).toMatchObject({
      code: "parse-error",
      message: "m.ws:2:1: unclosed {",
      stage: "frontend",
      source: { kind: "workshop-rs" },
      span: { file: 0, start: { line: 2, col: 1 } },
    });
    expect(checkDelimiters('a("b', { source: "m" })[0]!.message).toMatch(/unterminated string/);
    expect(checkDelimiters("a)", { source: "m" })[0]!.message).toMatch(/1:2: unexpected \)/);
  });
});

describe("LineIndex", () => {
  it("maps positions both ways", () => {
    const idx = new LineIndex("ab\n😀c\n");
    expect(idx.offsetOf({ line: 2, column: 2 })).toBe(5);
    expect(idx.positionOf(5)).toEqual({ line: 2, column: 2 });
    expect(idx.offsetOf({ line: 2, column: 3 })).toBe(6);
    expect(idx.offsetOf({ line: 2, column: 4 })).toBeUndefined();
    expect(idx.offsetOf({ line: 0, column: 1 })).toBeUndefined();
    expect(idx.slice({ line: 1, column: 2 }, { line: 2, column: 2 })).toBe("b\n😀");
  });
});
