/**
 * Builds the wright-agent target from `conform` options. Without --target: our mock command
 * (`contract-suite serve wright-agent --fixture {fixture}`) over a fresh copy of the default
 * fixture, so the stateful checks apply. With --target "<command>": that command; `{transport}`
 * is replaced by stdio|jsonrpc|mcp (else `--transport <t>` is appended) and `{fixture}` by a fresh
 * copy of our default fixture (which enables the stateful checks). --transport restricts the
 * transports exercised (default: all three). Every server runs in a fresh temporary directory.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { UsageError } from "../../src/usage-error.js";
import type { ConformOptions, SuiteTarget } from "../harness/target.js";
import { TRANSPORTS, WrightAgentTarget, type Transport } from "./target.js";

export const BIN = fileURLToPath(new URL("../../bin/contract-suite.mjs", import.meta.url));
/** Our default project fixture (read as a file: the suite never imports the mock). */
export const DEFAULT_FIXTURE = fileURLToPath(
  new URL("../../src/wright-agent/fixtures/default-project.json", import.meta.url),
);

/** Our mock, as a command template (argv: no shell involved). */
export function mockCommand(extra: readonly string[] = []): string[] {
  return [process.execPath, BIN, "serve", "wright-agent", "--fixture", "{fixture}", ...extra];
}

export interface WrightAgentTargetOptions {
  command?: string | readonly string[];
  transports?: readonly Transport[];
  name?: string;
  /** Per-exchange timeout (default 30 s). */
  timeoutMs?: number;
}

/** A target with its own temp directory (cwd + fixture copy when the command takes {fixture}). */
export function createWrightAgentTarget(options: WrightAgentTargetOptions = {}): SuiteTarget<WrightAgentTarget> {
  const command = options.command ?? mockCommand();
  const dir = mkdtempSync(join(tmpdir(), "wright-agent-conform-"));
  const usesFixture =
    typeof command === "string" ? command.includes("{fixture}") : command.some((a) => a.includes("{fixture}"));
  let fixture: { path: string; text: string } | undefined;
  if (usesFixture) {
    const text = readFileSync(DEFAULT_FIXTURE, "utf8");
    fixture = { path: join(dir, "project.json"), text };
    writeFileSync(fixture.path, text);
  }
  const target = new WrightAgentTarget({
    command,
    transports: options.transports ?? TRANSPORTS,
    cwd: dir,
    fixture,
    timeoutMs: options.timeoutMs,
  });
  const label =
    options.name ??
    (options.command === undefined
      ? "contract-suite serve wright-agent (mock)"
      : typeof command === "string"
        ? command
        : command.join(" "));
  return {
    name: `${label} [${target.transports.join(", ")}]${fixture ? "" : " (stateful checks skipped: not our fixture)"}`,
    target,
    async close() {
      await target.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function parseTransports(value: string | undefined): Transport[] {
  if (value === undefined) return [...TRANSPORTS];
  const list = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.filter((t) => !(TRANSPORTS as readonly string[]).includes(t));
  if (bad.length || list.length === 0)
    throw new UsageError(`--transport takes ${TRANSPORTS.join(", ")} (comma-separated), got ${JSON.stringify(value)}`);
  return list as Transport[];
}

export async function wrightAgentTargets(options: ConformOptions): Promise<SuiteTarget<WrightAgentTarget>[]> {
  return [createWrightAgentTarget({ command: options.target, transports: parseTransports(options.transport) })];
}
