/**
 * The round-9 text and model checks (conformance/wright-agent/power-text.ts): our mock passes them;
 * mocks broken their way fail them. The mock is served in this process over stdio
 * (./wright-agent-ops-variants.ts runOnService); a broken variant swaps one handler of the mock.
 */
import { describe, expect, it } from "vitest";
import { powerTextChecks } from "../../conformance/wright-agent/power-text.js";
import type * as C from "../../src/generated/wright-agent/types.js";
import type { ToolHandlers } from "../../src/wright-agent/handlers.js";
import type { MockService } from "../../src/wright-agent/mock/index.js";
import { createToolService } from "../../src/wright-agent/service.js";
import { runOnService } from "./wright-agent-ops-variants.js";

type Break = (mock: MockService) => Partial<ToolHandlers>;

async function run(id: string, broken?: Break): Promise<[string, string | undefined]> {
  const [[, status, message]] = (await runOnService([id], broken ? (mock) => createToolService({ ...mock.handlers, ...broken(mock) }) : undefined)) as [[string, string, string | undefined]];
  return [status, message];
}

describe("wright-agent text power checks", () => {
  it("our mock passes them", async () => {
    for (const c of powerTextChecks) expect(await run(c.id), c.id).toEqual(["pass", undefined]);
  });
});
