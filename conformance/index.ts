/**
 * The suites `contract-suite conform <suite>` knows. Each entry builds its targets from CLI options
 * (our reference implementation by default, or a live one: a command, a socket...).
 */
import type { Suite } from "./harness/check.js";
import { jsonValueSuite } from "./json-value/suite.js";
import { jsonValueTargets } from "./json-value/targets.js";
import { rfc6901Suite } from "./rfc6901/suite.js";
import { srcJsonPointer } from "./rfc6901/targets.js";
import { commandTarget, frameWireSuite, referenceFoldTarget } from "./frame-wire/suite.js";
import { vectorSamples } from "./frame-wire/vectors.js";
import { frameWireEndpointSuite, parseEndpoint } from "./frame-wire/endpoint.js";
import { frameWireDifferentialSuite } from "./frame-wire/differential.js";
import { frameWireReplaySuite } from "./frame-wire/replay.js";
import { UsageError } from "../src/usage-error.js";
import type { JsonValue } from "../src/json/index.js";
import { witSuite, witSuiteFor } from "./wit/suite.js";
import { witReplaySuite } from "./wit/replay.js";
import { witProfile, witTargets } from "./wit/targets.js";
import { wrightAgentSuite } from "./wright-agent/suite.js";
import { createWrightAgentTarget, wrightAgentTargets } from "./wright-agent/targets.js";
import { replayTransports, wrightAgentReplaySuite } from "./wright-agent/replay.js";

export type { ConformOptions, SuiteTarget } from "./harness/target.js";
import type { ConformOptions, SuiteTarget } from "./harness/target.js";
import type { ProbeProblem } from "./harness/probe.js";
import { probeFrameWire } from "./frame-wire/probe.js";
import { probeWit } from "./wit/probe.js";
import { probeWrightAgent } from "./wright-agent/probe.js";

export interface SuiteEntry<T = never> {
  suite: Suite<T>;
  /** Option names the suite understands beyond --seed/--format. */
  options: (keyof ConformOptions)[];
  targets(options: ConformOptions): Promise<SuiteTarget<T>[]>;
  /** The suite these options select, when it is not `suite` (frame-wire --endpoint checks a server, not a fold). */
  suiteFor?(options: ConformOptions): Suite<unknown>;
  /**
   * The pre-check: does the target start, answer and speak the protocol? A problem (one line)
   * stops the run before the first check (harness/probe.ts).
   */
  probe?(target: T, options: ConformOptions): Promise<ProbeProblem>;
  /** Known values of the contract of the same name (seeds for mirror and compatibility sampling). */
  samples?(): JsonValue[];
}

function entry<T>(e: SuiteEntry<T>): SuiteEntry<unknown> {
  return e as unknown as SuiteEntry<unknown>;
}

export const SUITES: Record<string, SuiteEntry<unknown>> = {
  "json-value": entry({ suite: jsonValueSuite, options: [], targets: async () => jsonValueTargets() }),
  rfc6901: entry({
    suite: rfc6901Suite,
    options: [],
    targets: async () => [{ name: "src/json pointer", target: srcJsonPointer }],
  }),
  "frame-wire": entry({
    suite: frameWireSuite,
    options: ["target", "endpoint", "token", "differential", "replay"],
    suiteFor: (o) =>
      (o.replay !== undefined
        ? frameWireReplaySuite(o.replay)
        : o.endpoint !== undefined
          ? frameWireEndpointSuite
          : o.differential !== undefined
            ? frameWireDifferentialSuite
            : frameWireSuite) as Suite<unknown>,
    targets: async (o) => {
      if (o.replay !== undefined && (o.endpoint !== undefined || o.differential !== undefined))
        throw new UsageError(
          "--replay replays recorded streams against a fold (--target or ours): not with --endpoint or --differential",
        );
      if (o.endpoint !== undefined) {
        if (o.target !== undefined)
          throw new UsageError("--endpoint checks a server and --target a fold: give one of them");
        if (!parseEndpoint(o.endpoint))
          throw new UsageError(
            `--endpoint takes the full http(s) URL of the streaming operation, got ${JSON.stringify(o.endpoint)}`,
          );
        return [{ name: o.endpoint, target: { url: o.endpoint, token: o.token } as never }];
      }
      if (o.token !== undefined) throw new UsageError("--token goes with --endpoint");
      if (o.differential !== undefined) {
        if (o.target === undefined)
          throw new UsageError("--differential B compares B with the fold command given by --target A");
        return [{ name: `${o.target} vs ${o.differential}`, target: { a: o.target, b: o.differential } as never }];
      }
      return o.target
        ? [{ name: o.target, target: commandTarget(o.target) }]
        : [{ name: "reference fold (in process)", target: await referenceFoldTarget() }];
    },
    probe: (_target, o) => probeFrameWire(o),
    samples: () => vectorSamples(),
  }),
  wit: entry({
    suite: witSuite,
    options: ["socket", "profile", "replay"],
    suiteFor: (o) => (o.replay !== undefined ? witReplaySuite(o.replay) : witSuiteFor(witProfile(o))) as Suite<unknown>,
    targets: witTargets,
    probe: (target) => probeWit(target),
  }),
  "wright-agent": entry({
    suite: wrightAgentSuite,
    options: ["target", "transport", "replay"],
    suiteFor: (o) => (o.replay !== undefined ? wrightAgentReplaySuite(o.replay) : wrightAgentSuite) as Suite<unknown>,
    targets: async (o) => {
      if (o.replay === undefined) return wrightAgentTargets(o);
      if (o.transport !== undefined)
        throw new UsageError("--replay replays each session over the transport it was recorded on: no --transport");
      return [createWrightAgentTarget({ command: o.target, transports: replayTransports(o.replay) })];
    },
    probe: (target) => probeWrightAgent(target),
  }),
};

/** Known values of a contract, from the conformance suite named after it (none when there is no such suite). */
export function contractSamples(contract: string): JsonValue[] {
  return SUITES[contract]?.samples?.() ?? [];
}
