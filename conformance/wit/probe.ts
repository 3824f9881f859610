/**
 * The Wit pre-check (see harness/probe.ts): the socket exists, an HTTP POST to the RPC path gets
 * an answer, and the answer is a JSON-RPC 2.0 response (a result or an error: a daemon that
 * refuses `rpc.discover` still speaks the protocol).
 */
import { statSync } from "node:fs";
import { parseJson } from "../../src/json/index.js";
import { WIT_ENVELOPE } from "../../src/wit/protocol.js";
import { errorLine, type ProbeProblem } from "../harness/probe.js";
import type { WitTarget } from "./target.js";

export async function probeWit(target: WitTarget): Promise<ProbeProblem> {
  const where = `wit daemon socket ${target.socketPath}`;
  try {
    if (!statSync(target.socketPath).isSocket()) return `${where} is not a socket`;
  } catch (e) {
    return `${where} does not exist: ${(e as NodeJS.ErrnoException).code ?? errorLine(e)} (is the daemon running?)`;
  }
  let reply;
  try {
    reply = await target.rpc(JSON.stringify({ jsonrpc: "2.0", id: 0, method: "rpc.discover", ...WIT_ENVELOPE }));
  } catch (e) {
    return `${where} does not answer: ${errorLine(e)}`;
  }
  let body: unknown;
  try {
    body = parseJson(reply.body, { maxBytes: 4 * 1024 * 1024 });
  } catch {
    return `${where} answers HTTP ${reply.status} without a JSON body: not a JSON-RPC endpoint`;
  }
  const o = body as Record<string, unknown> | null;
  if (
    o === null ||
    typeof o !== "object" ||
    Array.isArray(o) ||
    o.jsonrpc !== "2.0" ||
    !("result" in o || "error" in o)
  )
    return `${where} answers HTTP ${reply.status} with JSON that is not a JSON-RPC 2.0 response`;
  return undefined;
}
