/**
 * The round-9 text and model checks (conformance/wright-agent/power-text.ts): our mock passes them;
 * mocks broken their way fail them. The mock is served in this process over stdio
 * (./wright-agent-ops-variants.ts runCheck); a broken variant swaps one handler of the mock.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { powerTextChecks } from "../../conformance/wright-agent/power-text.js";
import type * as C from "../../src/generated/wright-agent/types.js";
import { runCheck } from "./wright-agent-ops-variants.js";

describe("wright-agent text power checks", () => {
  it("our mock passes them", async () => {
    for (const c of powerTextChecks) expect(await runCheck(c.id), c.id).toEqual(["pass", undefined]);
  });

  it("a mock that counts columns in UTF-16 units fails wright-agent/text-positions", async () => {
    const [status, message] = await runCheck("wright-agent/text-positions", (mock) => ({
      async validateEditTransaction(req: C.ValidateEditTransactionRequest) {
        // Read each column as a UTF-16 unit count and hand the mock the code-point column it names.
        const texts = (req.sources ?? {}) as Record<string, string>;
        const cp = (source: string, line: number, col: number) => {
          const l =
            (texts[source] ?? mock.session.program().sources.find((s) => s.path === source)?.text ?? "").split("\n")[
              line - 1
            ] ?? "";
          return col - 1 > l.length ? col - (l.length - [...l].length) : [...l.slice(0, col - 1)].length + 1;
        };
        const edits = req.transaction.edits.map((e) => ({
          ...e,
          range: {
            ...e.range,
            start_col: cp(e.source, e.range.start_line, e.range.start_col),
            end_col: cp(e.source, e.range.end_line, e.range.end_col),
          },
        }));
        return mock.handlers.validateEditTransaction({ ...req, transaction: { edits } as C.EditTransaction });
      },
    }));
    expect(status).toBe("fail");
    expect(message).toContain("replacing column");
  });

  it("a mock that checks overlaps in listing order fails wright-agent/edit-sets", async () => {
    const [status, message] = await runCheck("wright-agent/edit-sets", (mock) => ({
      async validateEditTransaction(req: C.ValidateEditTransactionRequest) {
        const edits = req.transaction.edits;
        const key = (l: number, c: number) => l * 1e6 + c;
        for (let k = 1; k < edits.length; k++) {
          const a = edits[k - 1]!;
          const b = edits[k]!;
          if (
            a.source === b.source &&
            key(b.range.start_line, b.range.start_col) < key(a.range.end_line, a.range.end_col)
          ) {
            return {
              ok: false,
              exit: 1,
              diagnostics: [
                {
                  code: "edit-overlap",
                  stage: "validation",
                  severity: "error",
                  message: `edits[${k - 1}] and edits[${k}] overlap`,
                  source: { kind: "wright" },
                },
              ],
            } as C.ValidateEditTransactionResult;
          }
        }
        return mock.handlers.validateEditTransaction(req);
      },
    }));
    expect(status).toBe("fail");
    expect(message).toContain("three inserts listed against the text's order");
  });

  it("a mock that takes absolute source paths fails wright-agent/fixture-rules", async () => {
    const [status, message] = await runCheck("wright-agent/fixture-rules", (mock) => ({
      async symbols(req: C.SymbolsRequest) {
        try {
          return await mock.handlers.symbols(req);
        } catch (e) {
          let f: { sources?: { path: string }[] };
          try {
            f = JSON.parse(readFileSync(mock.session.fixturePath, "utf8")) as typeof f;
          } catch {
            throw e;
          }
          if (!f.sources?.some((s) => s.path.startsWith("/"))) throw e;
          return { symbols: [], snapshot: 1 } as unknown as C.SymbolsResult;
        }
      },
    }));
    expect(status).toBe("fail");
    expect(message).toContain("renamed /abs/waves.ws");
  });

  it("a mock whose references list nothing fails wright-agent/fixture-served", async () => {
    const [status, message] = await runCheck("wright-agent/fixture-served", (mock) => ({
      async references(req: C.ReferencesRequest) {
        const r = await mock.handlers.references(req);
        return { ...r, references: [] } as unknown as C.ReferencesResult;
      },
    }));
    expect(status).toBe("fail");
    expect(message).toContain("must serve the fixture's");
  });
});
