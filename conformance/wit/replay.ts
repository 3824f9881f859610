/**
 * `conform wit --replay FILE`: the exchanges of a recorded proxy session (proxy wit --record)
 * replayed in order against a daemon (--socket, or our daemon on a fresh root). Each request body
 * is sent as recorded; the answer must carry the same HTTP status and, request by request, the same
 * outcome: a result, or the same error (code and message); and it must hold to the contract (the
 * proxy's checks: envelope, ids, result schemas, declared errors). Values the daemon makes up
 * (ids, timestamps) are not compared (decision 313).
 */
import { CheckFailure, type Suite } from "../harness/check.js";
import { readRecording } from "../proxy/recording.js";
import { checkWitExchange, type WitVector } from "../proxy/wit.js";
import { UsageError } from "../../src/usage-error.js";
import type { WitTarget } from "./target.js";

export function loadWitReplay(file: string): WitVector[] {
  return readRecording(file, "wit").map((raw, i) => {
    const v = raw as WitVector;
    if (
      v === null ||
      typeof v !== "object" ||
      typeof v.name !== "string" ||
      typeof v.request !== "string" ||
      typeof v.status !== "number"
    )
      throw new UsageError(`--replay ${file}: vector ${i} is not a Wit exchange`);
    return v;
  });
}

/** Each answer's outcome by request id: "result", or the error's code and message. */
function outcomes(answer: unknown): Map<string, string> {
  const list = answer === null || answer === undefined ? [] : Array.isArray(answer) ? answer : [answer];
  const out = new Map<string, string>();
  for (const a of list as Record<string, unknown>[]) {
    if (a === null || typeof a !== "object") continue;
    const e = a.error as { code?: unknown; message?: unknown } | undefined;
    out.set(JSON.stringify(a.id ?? null), e ? `error ${String(e.code)} ${String(e.message)}` : "result");
  }
  return out;
}

export function witReplaySuite(file: string): Suite<WitTarget> {
  const vectors = loadWitReplay(file);
  // One session: every exchange depends on the ones before it, so a check replays all up to its own.
  let replayed: Promise<string[]> | undefined;
  const replayAll = (target: WitTarget) =>
    (replayed ??= (async () => {
      const problems: string[] = [];
      for (const v of vectors) {
        const reply = await target.rpc(v.request);
        let got: unknown = null;
        try {
          got = reply.body.trim() === "" ? null : JSON.parse(reply.body);
        } catch {
          got = reply.body;
        }
        const found: string[] = [];
        if (reply.status !== v.status) found.push(`HTTP ${reply.status}, recorded ${v.status}`);
        const want = outcomes(v.response);
        const have = outcomes(got);
        for (const [id, o] of want)
          if (have.get(id) !== o) found.push(`id ${id}: ${have.get(id) ?? "no answer"}, recorded ${o}`);
        checkWitExchange(v.request, reply.status, reply.body, (x) => found.push(`${x.kind}: ${x.message}`));
        problems.push(found.join("; "));
      }
      return problems;
    })());
  return {
    name: "wit",
    description: `The recorded exchanges of ${file}, replayed in order: the same outcomes, within the contract.`,
    checks: vectors.map((v, i) => ({
      id: `wit/replay/${v.name}`,
      title: v.name,
      doc: "A recorded exchange: the same status and outcome per request, and an answer within the contract.",
      async run(target: WitTarget) {
        const problem = (await replayAll(target))[i];
        if (problem)
          throw new CheckFailure(`${v.name}: ${problem}`, {
            counterexample: { request: v.request, recorded: v.response },
          });
      },
    })),
  };
}
