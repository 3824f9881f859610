/**
 * Hand-written Wit checks: each pins one rule of docs/wit.md (the design note's semantics) with a
 * short, readable sequence, so a defect is reported under a name that says what broke. The model
 * check (model.ts) then explores the same rules in random combinations. One file per method family
 * (scenarios-*.ts); this list keeps their order.
 */
import type { Check } from "../harness/check.js";
import type { WitTarget } from "./target.js";
import { witProtocolScenarios } from "./scenarios-protocol.js";
import { witLockScenarios } from "./scenarios-locks.js";
import { witIntentScenarios } from "./scenarios-intents.js";
import { witContractScenarios } from "./scenarios-contracts.js";
import { witSafetyScenarios } from "./scenarios-safety.js";

export const witScenarios: Check<WitTarget>[] = [
  ...witProtocolScenarios,
  ...witLockScenarios,
  ...witIntentScenarios,
  ...witContractScenarios,
  ...witSafetyScenarios,
];
