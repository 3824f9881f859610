/**
 * Targets of `contract-suite conform wit`: the daemon behind `--socket` (real time), or, without
 * one, our reference daemon started in this process on a temporary root with a manual clock the
 * runner moves itself (the in-process API; the daemon process has no clock control at all).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ConformOptions, SuiteTarget } from "../harness/target.js";
import { UsageError } from "../../src/usage-error.js";
import { WIT_PROFILES, type WitProfile } from "./suite.js";
import { socketTarget, type WitTarget } from "./target.js";

/** `--profile`: protocol by default against a foreign daemon (`--socket`), reference against our own. */
export function witProfile(options: ConformOptions): WitProfile {
  const profile = options.profile ?? (options.socket ? "protocol" : "reference");
  if (!(WIT_PROFILES as readonly string[]).includes(profile))
    throw new UsageError(`--profile takes ${WIT_PROFILES.join(" or ")}, got "${profile}"`);
  return profile as WitProfile;
}

export async function witTargets(options: ConformOptions): Promise<SuiteTarget<WitTarget>[]> {
  const profile = witProfile(options);
  if (options.socket) {
    const target = await socketTarget(options.socket);
    return [{ name: `daemon at ${options.socket} (real time, ${profile} profile)`, target }];
  }
  // Loaded only here: a run against --socket never loads SQLite or tree-sitter.
  const { startDaemon, ManualClock } = await import("../../src/wit/daemon/index.js");
  const root = mkdtempSync(path.join(tmpdir(), "wit-conform-"));
  try {
    const clock = new ManualClock();
    const daemon = await startDaemon({ root, clock, warmUp: false });
    const target = await socketTarget(daemon.socketPath, {
      now: async () => clock.now(),
      advance: async (ms) => clock.advance(ms),
    });
    return [
      {
        name: `reference daemon (temporary root, test clock, ${profile} profile)`,
        target,
        async close() {
          await daemon.close();
          rmSync(root, { recursive: true, force: true });
        },
      },
    ];
  } catch (e) {
    rmSync(root, { recursive: true, force: true });
    throw e;
  }
}
