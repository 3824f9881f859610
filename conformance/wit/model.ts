/**
 * Model-based check: a small model of locks, intents and contracts runs beside the daemon through
 * random command sequences from three sessions (fast-check `commands` + `asyncModelRun`). Every
 * answer is predicted by the model and compared. Time either moves through the daemon's test clock
 * (exact predictions, TTLs of 1 s, 5 s and the 30-minute default, advances that never land on
 * an expiry instant) or, without one, is the real clock (TTLs >= 30 minutes only, so no lock
 * expires during a run and every timestamp is checked against the interval around its request).
 * The reference profile adds TTL 0, a lock expired at the instant it is taken (our reading).
 * Where the protocol leaves a choice open, the model accepts each reading: whether the caller's own
 * intents count for INTENT_OVERLAP, whether a refresh moves acquiredAt, and which of two applicable
 * errors comes first. The commands are model-locks.ts, model-intents.ts and model-contracts.ts, on
 * model-state.ts.
 */
import fc from "fast-check";
import { fail, type CheckContext } from "../harness/check.js";
import { Namespace } from "./calls.js";
import { EXISTING, MISSING, SOURCE_FILES, type Variant } from "./fixtures.js";
import type { WitTarget } from "./target.js";
import { SESSIONS, type Session, WitModel, type Cmd, type Actor } from "./model-state.js";
import { Acquire, Release, QueryLocks, Advance } from "./model-locks.js";
import { type Shape, Declare, Update, QueryIntents } from "./model-intents.js";
import { Propose, Respond, QueryContracts, Check } from "./model-contracts.js";

/** `ttlZero`: whether TTL 0 (a lock expired at the instant it is taken: our daemon's reading, decision 155) is exercised. */
function commandArbitraries(manual: boolean, ttlZero: boolean): fc.Arbitrary<Cmd>[] {
  const session = fc.constantFrom<Session>(...SESSIONS);
  const who = fc.constantFrom<Actor>("owner", "owner", "other", ...SESSIONS);
  const lockKey = fc.constantFrom(...EXISTING, MISSING[0]!, MISSING[1]!);
  const ttls: (number | undefined)[] = manual ? [undefined, 1_000, 5_000] : [undefined, 3_600_000];
  const ttl = fc.constantFrom<number | undefined>(...(ttlZero ? [...ttls, 0] : ttls));
  // Sums of these never equal 1 000, 5 000 or 1 800 000 within a run: no advance lands on an expiry instant.
  const advance = fc.constantFrom(777, 1_553, 2_609, 1_800_007);
  // Picks count back from the newest record, so a sequence often acts on the same one twice.
  const pick = fc.option(fc.nat(3), { nil: null, freq: 8 });
  const shape: fc.Arbitrary<Shape> = fc.oneof(
    fc.constantFrom(...EXISTING).map((key) => ({ kind: "symbol" as const, key })),
    fc.subarray([...SOURCE_FILES], { minLength: 1, maxLength: 2 }).map((files) => ({ kind: "files" as const, files })),
  );
  const status = fc.constantFrom("declared", "active", "resolved", "abandoned", "bogus");
  const staged = fc.uniqueArray(
    fc.record({
      file: fc.constantFrom(...SOURCE_FILES),
      variant: fc.constantFrom<Variant>("original", "changed", "removed"),
    }),
    { minLength: 1, maxLength: 3, selector: (s) => s.file },
  );
  const declare = fc
    .tuple(session, shape, fc.constantFrom("refactor", "fix", "rename"))
    .map(([s, sh, d]) => new Declare(s, sh, d));
  const update = fc
    .tuple(who, pick, fc.constantFrom<"active" | "resolved" | "abandoned">("active", "resolved", "abandoned"))
    .map(([s, p, st]) => new Update(s, p, st));
  const queryIntents = fc
    .tuple(
      fc.option(session, { nil: null, freq: 2 }),
      fc.option(fc.record({ file: fc.constantFrom(...SOURCE_FILES), whole: fc.boolean() }), { nil: null, freq: 2 }),
      fc.option(status, { nil: null, freq: 2 }),
    )
    .map(([s, f, st]) => new QueryIntents(s, f, st));
  return [
    fc.tuple(session, lockKey, ttl).map(([s, k, t]) => new Acquire(s, k, t)),
    fc.tuple(session, lockKey, ttl).map(([s, k, t]) => new Acquire(s, k, t)),
    fc.tuple(who, lockKey).map(([s, k]) => new Release(s, k)),
    fc.option(session, { nil: null }).map((s) => new QueryLocks(s)),
    advance.map((by) => new Advance(by)),
    declare,
    declare,
    update,
    update,
    queryIntents,
    queryIntents,
    fc.tuple(session, fc.constantFrom(...EXISTING, ...EXISTING, ...MISSING)).map(([s, k]) => new Propose(s, k)),
    fc.tuple(who, pick, fc.boolean()).map(([s, p, a]) => new Respond(s, p, a)),
    fc
      .tuple(
        fc.option(fc.constantFrom(...EXISTING), { nil: null }),
        fc.option(fc.constantFrom("proposed", "accepted", "rejected", "bogus"), { nil: null }),
      )
      .map(([k, st]) => new QueryContracts(k, st)),
    staged.map((s) => new Check(s)),
  ];
}

/** Runs `ctx.runs(30)` command sequences (at most 30 commands each; shrinking bounded). */
export async function runModel(
  target: WitTarget,
  ctx: CheckContext,
  options: { ttlZero?: boolean } = {},
): Promise<void> {
  const manual = target.clock !== undefined;
  const sequences = fc.limitShrink(
    fc.commands(commandArbitraries(manual, options.ttlZero ?? true), { maxCommands: 30, size: "medium" }),
    60,
  );
  const details = await fc.check(
    fc.asyncProperty(sequences, async (cmds) => {
      const ns = new Namespace(target, "model");
      try {
        const clockNow = target.clock ? await target.clock.now() : 0;
        await fc.asyncModelRun(
          () => ({ model: new WitModel(manual), real: { target, ns, clock: target.clock, clockNow } }),
          cmds,
        );
      } finally {
        ns.cleanup();
      }
    }),
    { seed: ctx.seed, numRuns: ctx.runs(30), interruptAfterTimeLimit: 120_000 },
  );
  ctx.cases += details.numRuns;
  if (!details.failed) {
    // The time limit ends the run early without failing it; with no sequence run at all nothing was checked.
    if (details.numRuns === 0)
      fail(`no command sequence completed within the time limit (interrupted: ${details.interrupted})`);
    return;
  }
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  fail(
    `model and daemon disagree (${manual ? "test clock" : "real time"}, seed ${details.seed}, path ${details.counterexamplePath ?? "?"}): ${cause}\n  commands: ${String(details.counterexample?.[0] ?? "?")}`,
  );
}
