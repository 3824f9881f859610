/**
 * The compile checks added to kill mutation survivors of src/wright-agent/mock/compile.ts
 * (conformance/wright-agent/power-compile.ts): our mock passes them; mocks broken their way fail
 * them. The mock is served in process over stdio (./wright-agent-ops-variants.ts runCheck); a
 * broken variant swaps the compile handler of the mock.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { powerCompileChecks } from "../../conformance/wright-agent/power-compile.js";
import type * as C from "../../src/generated/wright-agent/types.js";
import type { MockService } from "../../src/wright-agent/mock/index.js";
import { DEFAULT_FIXTURE } from "../../conformance/wright-agent/targets.js";
import { runCheck } from "./wright-agent-ops-variants.js";

describe("wright-agent compile power checks", () => {
  it("our mock passes them", async () => {
    for (const c of powerCompileChecks) expect(await runCheck(c.id), c.id).toEqual(["pass", undefined]);
  });

  it("a mock that replaces an existing output without force fails wright-agent/compile-output", async () => {
    const [status, message] = await runCheck("wright-agent/compile-output", (mock) => ({
      async compile(req: C.CompileRequest) {
        return mock.handlers.compile({ ...req, force: true });
      },
    }));
    expect(status).toBe("fail");
    expect(message).toContain("a repeat compile without force must fail");
  });

  it("a mock whose compile ignores to fails wright-agent/compile-locales", async () => {
    const [status, message] = await runCheck("wright-agent/compile-locales", (mock) => ({
      async compile(req: C.CompileRequest) {
        return mock.handlers.compile({ ...req, to: undefined });
      },
    }));
    expect(status).toBe("fail");
    expect(message).toContain("compile {to: de-DE}");
  });

  it("a mock that compiles past the program's errors fails wright-agent/compile-fixture-variants", async () => {
    const [status, message] = await runCheck("wright-agent/compile-fixture-variants", (mock) => ({
      async compile(req: C.CompileRequest) {
        const r = await mock.handlers.compile(req);
        return r.diagnostics.some((d) => d.severity === "error" && d.source?.kind === "workshop-rs")
          ? { ...r, ok: true, exit: 0 }
          : r;
      },
    }));
    expect(status).toBe("fail");
    expect(message).toContain("compile of a program with an error diagnostic must fail");
  });

  it("a mock that keeps the bundled vocabulary whatever the fixture's catalog says fails wright-agent/compile-fixture-variants", async () => {
    const bundled = (JSON.parse(readFileSync(DEFAULT_FIXTURE, "utf8")) as { catalog: MockService["catalog"] }).catalog
      .languages;
    const [status, message] = await runCheck("wright-agent/compile-fixture-variants", (mock) => {
      mock.catalog.languages = structuredClone(bundled);
      return {};
    });
    expect(status).toBe("fail");
    expect(message).toContain("the longest spelling is translated whole");
  });
});
