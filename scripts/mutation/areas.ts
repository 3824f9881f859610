/**
 * The mutation areas: which reference implementation is mutated and which CONFORMANCE tests (tests
 * that drive conformance/ against our implementation) must kill the mutants. Unit tests are left
 * out on purpose: the question is how much of the behaviour the conformance suites pin.
 */

export interface MutationArea {
  name: string;
  description: string;
  /** Globs of the files Stryker mutates. */
  mutate: string[];
  /** The killing suite: vitest files, relative to the repository root. */
  tests: string[];
  /**
   * perTest: Stryker runs only the tests that reached a mutant (in-process tests). off: every
   * mutant runs the whole killing suite: needed where the implementation runs in a CHILD process
   * (a daemon, a stdio server), whose coverage Stryker cannot see.
   */
  coverageAnalysis: "perTest" | "off";
  /**
   * A module exporting `mutationSuite` (checks + open()) for the long-lived check runner
   * (scripts/mutation/check-runner.mjs, decision 226): the suite is imported once per process
   * instead of once per mutant. Without it (or with --runner vitest) Stryker's vitest runner runs
   * `tests`.
   */
  checkSuite?: string;
  /**
   * Stryker's timeout = the covering checks' dry-run time x timeoutFactor + timeoutMS (+ the dry
   * run's overhead). Defaults: 5 s (30 s with coverage off) and 2. A timed-out mutant costs that
   * wait AND a new runner process (the suite imported again), so an area whose hangs are many sets
   * its own (decision 233).
   */
  timeoutMS?: number;
  timeoutFactor?: number;
}

export const AREAS: readonly MutationArea[] = [
  {
    name: "frame-wire",
    description:
      "the frame-wire fold (src/frame-wire: fold, gap message, value adoption, fast pointer path, fold command) and the SSE client",
    mutate: [
      "src/frame-wire/fold.ts",
      "src/frame-wire/gap.ts",
      "src/json/json-value.ts",
      "src/frame-wire/pointer-fast.ts",
      "src/cli/frame-wire-fold.ts",
      "src/frame-wire/sse.ts",
    ],
    // The suite check by check (test/conformance/frame-wire-suite.test.ts) and the checks added
    // to kill survivors. test/frame-wire/properties.test.ts runs the same properties at 7-10x the
    // budget and tests the suite against broken folds: too slow per mutant on 2 cores.
    tests: ["test/conformance/frame-wire-*.test.ts"],
    coverageAnalysis: "perTest",
  },
  {
    name: "rpc",
    description: "the JSON-RPC engine and client (src/rpc) under the generic OpenRPC checks",
    mutate: ["src/rpc/engine.ts", "src/rpc/client.ts", "src/rpc/errors.ts", "src/rpc/loopback.ts"],
    tests: ["test/wit/openrpc-generic.test.ts", "test/conformance/rpc-*.test.ts"],
    coverageAnalysis: "perTest",
  },
  {
    name: "wit",
    description:
      "the Wit daemon, its store and the conflict detectors, driven in process (real socket, SQLite) by the conform wit checks",
    // src/io's HTTP setup and body reader serve the daemon's POST /rpc (and the frame-wire mock).
    mutate: [
      "src/wit/daemon/**/*.ts",
      "src/wit/store/**/*.ts",
      "src/io/http-server.ts",
      "src/io/body.ts",
      "!src/wit/daemon/index.ts",
      "!src/wit/store/index.ts",
    ],
    // The suite check by check against the daemon `conform wit` starts in its own process (real
    // socket, SQLite, manual clock), so coverage is per check (decision 223).
    tests: ["test/mutation/wit-suite.mutation.ts"],
    coverageAnalysis: "perTest",
    checkSuite: "test/mutation/wit-suite.ts",
  },
  {
    name: "wright-agent",
    description:
      "the wright-agent mock and its hosts (stdio, JSON-RPC, MCP), served in process over Unix sockets to the conform wright-agent checks",
    mutate: [
      "src/wright-agent/mock/**/*.ts",
      "src/wright-agent/host/**/*.ts",
      "src/io/lines.ts",
      "!src/wright-agent/**/index.ts",
    ],
    // The hosts run in the test process (public host API on one Unix socket per transport; the
    // suite's clients reach them through a byte relay), so coverage is per check (decision 224).
    tests: ["test/mutation/wright-agent-suite.mutation.ts"],
    coverageAnalysis: "perTest",
    checkSuite: "test/mutation/wright-agent-suite.ts",
    // Decision 233: the suite's exchanges time out after 2 s (wright-agent-suite.ts), so a host
    // that never answers FAILS a check in the same process; Stryker's own limit stays above that.
    timeoutMS: 3_000,
    timeoutFactor: 1.5,
  },
];

export function findArea(name: string): MutationArea | undefined {
  return AREAS.find((a) => a.name === name);
}
