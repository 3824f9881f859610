/** What the handlers work with: the root, storage, analysis, time, limits and a log. */
import type { Analyzer } from "../analysis/index.js";
import type { WitLimits } from "../protocol.js";
import type { WitStore } from "../store/index.js";
import type { Clock } from "./clock.js";

export interface DaemonCore {
  /** Real path of the repository root. */
  readonly root: string;
  readonly store: WitStore;
  readonly analyzer: Analyzer;
  readonly clock: Clock;
  readonly limits: WitLimits;
  log(message: string): void;
}
