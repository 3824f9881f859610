import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect } from "vitest";
import { definitionValidator, operationEntry } from "../../src/wright-agent/contract.js";
import { BUNDLED_FIXTURE_PATH, createMockService, type MockService } from "../../src/wright-agent/mock/index.js";
import type { ToolErrorInfo, ToolResponse } from "../../src/generated/wright-agent/types.js";
import type { WrightAgentFixture } from "../../src/generated/wright-agent-fixture/types.js";

export const DEFAULT_FIXTURE_TEXT = readFileSync(BUNDLED_FIXTURE_PATH, "utf8");
export const defaultFixture = (): WrightAgentFixture => JSON.parse(DEFAULT_FIXTURE_TEXT) as WrightAgentFixture;

const dirs: string[] = [];
afterAll(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "wright-agent-"));
  dirs.push(dir);
  return dir;
}

export interface Workspace {
  dir: string;
  fixturePath: string;
  svc: MockService;
  /** Rewrites the fixture file on disk (a fixture object, or raw text). */
  write(fixture: WrightAgentFixture | string): void;
}

/** A temp project directory holding a copy (or a variant) of the default fixture, and a mock over it. */
export function workspace(
  fixture: WrightAgentFixture | string = DEFAULT_FIXTURE_TEXT,
  options: { operations?: readonly string[]; cwd?: string } = {},
): Workspace {
  const dir = tempDir();
  const fixturePath = join(dir, "project.json");
  const write = (f: WrightAgentFixture | string) =>
    writeFileSync(fixturePath, typeof f === "string" ? f : JSON.stringify(f));
  write(fixture);
  const svc = createMockService({
    fixturePath,
    cwd: options.cwd ?? dir,
    ...(options.operations ? { operations: options.operations } : {}),
  });
  return { dir, fixturePath, svc, write };
}

/** Sends a request, expects a result, and checks it against the operation's result schema. */
export async function ok<T = any>(svc: MockService, request: Record<string, unknown>): Promise<T> {
  const response = await svc.handle(request);
  if (!("result" in response))
    throw new Error(`expected a result for ${JSON.stringify(request)}, got ${JSON.stringify(response)}`);
  expectValidResult(String(request.op), response.result);
  return response.result as T;
}

export async function refused(svc: MockService, request: unknown): Promise<ToolErrorInfo> {
  const response: ToolResponse = await svc.handle(request);
  if (!("error" in response))
    throw new Error(`expected a refusal for ${JSON.stringify(request)}, got ${JSON.stringify(response).slice(0, 400)}`);
  expect(definitionValidator("ToolResponse")(response)).toBe(true);
  return response.error;
}

export function expectValidResult(op: string, result: unknown): void {
  const validate = definitionValidator(operationEntry(op)!.result);
  const valid = validate(result);
  if (!valid) throw new Error(`${op} result does not validate: ${JSON.stringify(validate.errors?.slice(0, 5))}`);
}

/** The items of a list member, whether bare or {items, truncation}. */
export function items<T>(list: T[] | { items: T[] }): T[] {
  return Array.isArray(list) ? list : list.items;
}
