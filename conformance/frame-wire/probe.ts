/**
 * The frame-wire pre-check (see harness/probe.ts): a fold command must start and print an outcome
 * line for the smallest stream there is (one `done` event); an endpoint must answer a valid
 * request with an event stream, or with 401 when no token was given. A wrong outcome is left to
 * the suite: the command speaks the protocol, it is only wrong.
 */
import type { ConformOptions } from "../harness/target.js";
import { errorLine, oneLine, type ProbeProblem } from "../harness/probe.js";
import { exchange, mediaType } from "./endpoint-http.js";
import { runVectorAgainstCommand } from "./run-vectors.js";
import type { FrameWireVector } from "./vectors.js";
import { VALID_BODIES } from "./endpoint.js";

const PROBE_TIMEOUT_MS = 10_000;

const DONE_ONLY: FrameWireVector = {
  name: "probe",
  description: "the smallest stream: done alone",
  covers: [],
  level: "fold",
  events: [{ type: "done", finish_reason: "stop" }],
  expected: { turn: { blocks: [], tool_calls: [], finish_reason: "stop" }, abort: null },
  message_pinned: true,
};

export async function probeFoldCommand(command: string): Promise<ProbeProblem> {
  const r = await runVectorAgainstCommand(command, DONE_ONLY, { timeoutMs: PROBE_TIMEOUT_MS });
  if (r.ok || r.failure === "mismatch" || r.failure === "exit-code") return undefined;
  const said = oneLine(r.stderr);
  const status = r.exitCode !== null ? `exit ${r.exitCode}` : r.signal ? `signal ${r.signal}` : "no exit";
  if (r.failure === "spawn-error") return `fold command ${JSON.stringify(command)} does not start: ${r.detail}`;
  if (r.failure === "timeout")
    return `fold command ${JSON.stringify(command)} printed no outcome for a one-event stream within ${PROBE_TIMEOUT_MS} ms`;
  return `fold command ${JSON.stringify(command)} does not speak the fold protocol (${r.detail ?? status})${said ? `: ${said}` : ""}`;
}

export async function probeEndpoint(url: string, token: string | undefined): Promise<ProbeProblem> {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "text/event-stream" };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  let reply;
  try {
    reply = await exchange(url, {
      method: "POST",
      headers,
      body: JSON.stringify(VALID_BODIES[0]),
      timeoutMs: PROBE_TIMEOUT_MS,
    });
  } catch (e) {
    return `endpoint ${url} does not answer: ${errorLine(e)}`;
  }
  const type = mediaType(reply.headers["content-type"]);
  if (reply.status === 200 && type === "text/event-stream") return undefined;
  if (reply.status === 401 && token === undefined) return undefined;
  if (reply.status === 401) return `endpoint ${url} refuses the token given with --token (401)`;
  return `endpoint ${url} answers a valid request with ${reply.status}${type ? ` (${type})` : ""}, not an event stream: is it the streaming operation's URL?`;
}

export async function probeFrameWire(options: ConformOptions): Promise<ProbeProblem> {
  if (options.endpoint !== undefined) return probeEndpoint(options.endpoint, options.token);
  for (const command of [options.target, options.differential]) {
    if (command === undefined) continue;
    const problem = await probeFoldCommand(command);
    if (problem) return problem;
  }
  return undefined;
}
