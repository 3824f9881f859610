/**
 * `conform frame-wire --endpoint URL [--token T]`: checks a live frame-wire server. It drives the
 * streaming operation with valid requests (bodies the request schema allows) and hostile ones, and
 * checks only what the contract requires of every server: the stream's media type and data-only
 * framing, each frame one valid FrameEvent, what a conforming sender owes (sender-rules.ts), the
 * status codes with their required headers (401 + `WWW-Authenticate: Bearer`, 405 + `Allow`), a slow
 * reader still getting a whole stream, and a client that leaves not breaking the next request. It
 * does not check error bodies or a server's own choices (body limits, pacing).
 */
import { CheckFailure, SkipCheck, type Check, type Suite } from "../harness/check.js";
import { validateStreamTurnRequestBody } from "../../src/generated/frame-wire-api/validators.js";
import type { StreamTurnRequestBody } from "../../src/generated/frame-wire-api/types.js";
import { exchange, mediaType, type HttpExchange } from "./endpoint-http.js";
import {
  dataOnlyProblem,
  decodeFrames,
  deltaIndexProblem,
  frameEventProblem,
  indexGapProblem,
  parseSseBody,
  seqProblem,
  terminationProblem,
  type DecodedFrame,
  type ParsedBody,
  type Problem,
} from "./sender-rules.js";

export interface EndpointTarget {
  /** The full URL of the streaming operation, e.g. http://127.0.0.1:8787/v1/turns/stream */
  url: string;
  /** An accepted bearer token; without one, requests carry no Authorization and the 401 checks skip. */
  token?: string;
  /** Deadline of one exchange. Default 5000 ms. */
  timeoutMs?: number;
  /** How long the slow reader stops reading. Default 1000 ms. */
  slowPauseMs?: number;
}

/** Valid request bodies (checked against the request schema before they are sent). */
export const VALID_BODIES: StreamTurnRequestBody[] = [
  { messages: [{ role: "user", content: "Say hello." }] },
  {
    messages: [
      { role: "system", content: "You are terse." },
      { role: "user", content: "List three colours." },
    ],
  },
  {
    messages: [
      { role: "user", content: "Hi" },
      { role: "assistant", content: "Hello!" },
      { role: "user", content: "Use a tool, please: ünïcødé ✓" },
    ],
  },
];
for (const b of VALID_BODIES)
  if (!validateStreamTurnRequestBody(b))
    throw new Error(`endpoint checks: a built-in body is not valid: ${JSON.stringify(b)}`);

interface ValidStream {
  body: StreamTurnRequestBody;
  response: HttpExchange;
  parsed: ParsedBody;
  decoded: DecodedFrame[];
}

const timeout = (t: EndpointTarget) => t.timeoutMs ?? 5000;

function authHeaders(t: EndpointTarget): Record<string, string> {
  return t.token === undefined ? {} : { authorization: `Bearer ${t.token}` };
}

async function post(
  t: EndpointTarget,
  body: string,
  headers: Record<string, string>,
  extra: { pauseMs?: number; leaveAfterFirstChunk?: boolean } = {},
): Promise<HttpExchange> {
  return exchange(t.url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream", ...headers },
    body,
    timeoutMs: timeout(t),
    ...extra,
  });
}

async function validStream(
  t: EndpointTarget,
  body: StreamTurnRequestBody,
  extra: { pauseMs?: number } = {},
): Promise<ValidStream> {
  const response = await post(t, JSON.stringify(body), authHeaders(t), extra);
  const parsed = parseSseBody(response.body);
  return { body, response, parsed, decoded: decodeFrames(parsed.frames) };
}

/** The valid streams, fetched once per target and shared by the stream checks. */
const streams = new WeakMap<EndpointTarget, Promise<ValidStream[]>>();
function validStreams(t: EndpointTarget): Promise<ValidStream[]> {
  let s = streams.get(t);
  if (!s) {
    s = Promise.all(VALID_BODIES.map((b) => validStream(t, b)));
    streams.set(t, s);
  }
  return s;
}

function failOn(problem: Problem, s: ValidStream): void {
  if (problem)
    throw new CheckFailure(problem.message, {
      counterexample: {
        request: s.body,
        frames: s.parsed.frames.slice(
          Math.max(0, (problem.at ?? s.parsed.frames.length) - 2),
          (problem.at ?? s.parsed.frames.length) + 1,
        ),
      },
    });
}

/** A stream check: every valid request must have answered 200, and the rule holds on each stream. */
function streamCheck(id: string, title: string, doc: string, rule: (s: ValidStream) => Problem): Check<EndpointTarget> {
  return {
    id: `frame-wire/endpoint/${id}`,
    title,
    doc,
    async run(t) {
      for (const s of await validStreams(t)) {
        if (s.response.status !== 200)
          throw new CheckFailure(
            `a valid request got HTTP ${s.response.status}, not 200${t.token === undefined ? " (no --token was given)" : ""}`,
            { counterexample: { request: s.body, body: s.response.body.slice(0, 300) } },
          );
        failOn(rule(s), s);
      }
    },
  };
}

function expectStatus(r: HttpExchange, status: number, what: string): void {
  if (r.status !== status)
    throw new CheckFailure(`${what}: HTTP ${r.status}, expected ${status}`, {
      counterexample: { status: r.status, headers: r.headers, body: r.body.slice(0, 300) },
    });
}

/** RFC 9110 §11.6.1: a 401 carries a challenge; this contract's scheme is Bearer (RFC 6750). */
function expectBearerChallenge(r: HttpExchange, what: string): void {
  const challenge = r.headers["www-authenticate"];
  if (challenge === undefined)
    throw new CheckFailure(`${what}: 401 without a WWW-Authenticate header`, {
      counterexample: { headers: r.headers },
    });
  if (!/^bearer(\s|$|,)/i.test(String(challenge).trim()))
    throw new CheckFailure(`${what}: WWW-Authenticate is ${JSON.stringify(challenge)}, not a Bearer challenge`, {
      counterexample: { headers: r.headers },
    });
}

const SENDER = "Sender rule (docs/frame-wire.md): a receiver cannot tell, so the server must get it right.";

export const endpointChecks: Check<EndpointTarget>[] = [
  streamCheck(
    "content-type",
    "The stream is text/event-stream",
    "A valid request is answered 200 with Content-Type text/event-stream (parameters allowed).",
    (s) => {
      const type = mediaType(s.response.headers["content-type"]);
      return type === "text/event-stream"
        ? null
        : {
            at: null,
            message: `Content-Type is ${JSON.stringify(s.response.headers["content-type"] ?? null)}, not text/event-stream`,
          };
    },
  ),
  streamCheck(
    "data-only",
    "Frames are data-only SSE messages",
    "No event, id or retry field: each message is `data: <event>` (a frame may arrive split across writes; the check parses the whole body).",
    (s) => dataOnlyProblem(s.parsed),
  ),
  streamCheck(
    "frame-event",
    "Each frame is one JSON FrameEvent",
    "Each message's data parses as JSON and validates against FrameEvent (frame_wire.json).",
    (s) => frameEventProblem(s.decoded),
  ),
  streamCheck(
    "terminates",
    "The stream ends with done or error, and nothing follows",
    `Exactly one terminal event, the last one. ${SENDER}`,
    (s) => terminationProblem(s.decoded),
  ),
  streamCheck(
    "delta-opened-index",
    "A block_delta only for an opened index",
    `Every block_delta's index was opened by an earlier block_start (a receiver aborts the turn otherwise). ${SENDER}`,
    (s) => deltaIndexProblem(s.decoded),
  ),
  streamCheck(
    "seq-increasing",
    "seq strictly increases per index",
    `A receiver silently discards a delta whose seq is not greater than the last at its index, so a sender that repeats or lowers seq loses data. ${SENDER}`,
    (s) => seqProblem(s.decoded),
  ),
  streamCheck(
    "indices-contiguous",
    "Block indices have no gaps",
    `The opened indices run from 0 without gaps (a receiver aborts the completed turn otherwise). ${SENDER}`,
    (s) => indexGapProblem(s.decoded),
  ),
  {
    id: "frame-wire/endpoint/auth-missing",
    title: "No token: 401 with a Bearer challenge",
    doc: "A request without Authorization is answered 401 with WWW-Authenticate: Bearer (RFC 9110 §11.6.1, RFC 6750 §3).",
    async run(t) {
      if (t.token === undefined) throw new SkipCheck("no --token: the server under test may not require one");
      const r = await post(t, JSON.stringify(VALID_BODIES[0]), {});
      expectStatus(r, 401, "no Authorization header");
      expectBearerChallenge(r, "no Authorization header");
    },
  },
  {
    id: "frame-wire/endpoint/auth-wrong",
    title: "Wrong token: 401 with a Bearer challenge",
    doc: "A bearer token the server does not accept is answered 401 with WWW-Authenticate: Bearer; so is a non-Bearer scheme.",
    async run(t) {
      if (t.token === undefined) throw new SkipCheck("no --token: cannot tell a wrong token from the right one");
      for (const authorization of [`Bearer ${t.token}x`, `Bearer x${t.token}`, `Basic ${btoa(`user:${t.token}`)}`]) {
        const r = await post(t, JSON.stringify(VALID_BODIES[0]), { authorization });
        expectStatus(r, 401, `Authorization: ${authorization.split(" ")[0]} <wrong>`);
        expectBearerChallenge(r, `Authorization: ${authorization.split(" ")[0]} <wrong>`);
      }
    },
  },
  {
    id: "frame-wire/endpoint/malformed-body",
    title: "A malformed body: 400",
    doc: "A body that is not JSON, or JSON the request schema refuses, is answered 400 (the error body's shape is the server's).",
    async run(t) {
      for (const body of [
        '{"messages":[{"role":"user","content":"hi"}',
        "not json",
        "[]",
        '{"messages":[]}',
        '{"messages":[{"role":"robot","content":"hi"}]}',
      ]) {
        const r = await post(t, body, authHeaders(t));
        expectStatus(r, 400, `body ${JSON.stringify(body)}`);
      }
    },
  },
  {
    id: "frame-wire/endpoint/other-methods",
    title: "Other methods: 405 with Allow",
    doc: "GET, PUT, PATCH and DELETE on the operation's path are answered 405 with an Allow header listing POST (RFC 9110 §15.5.6).",
    async run(t) {
      for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
        const r = await exchange(t.url, {
          method,
          headers: authHeaders(t),
          timeoutMs: timeout(t),
          body: method === "GET" || method === "DELETE" ? undefined : JSON.stringify(VALID_BODIES[0]),
        });
        expectStatus(r, 405, method);
        const allow = String(r.headers.allow ?? "");
        if (!/(^|[\s,])POST($|[\s,])/i.test(allow))
          throw new CheckFailure(
            `${method}: 405 whose Allow header (${JSON.stringify(r.headers.allow ?? null)}) does not list POST`,
            { counterexample: { headers: r.headers } },
          );
      }
    },
  },
  {
    id: "frame-wire/endpoint/slow-reader",
    title: "A slow reader still gets the whole stream in order",
    doc: "The client stops reading for a while after the headers (TCP backpressure reaches the server), then reads on: the stream must still be complete and keep every sender rule (a server that drops frames under backpressure loses them).",
    async run(t) {
      const s = await validStream(t, VALID_BODIES[1]!, { pauseMs: t.slowPauseMs ?? 1000 });
      expectStatus(s.response, 200, "a valid request read slowly");
      for (const rule of [frameEventProblem, terminationProblem, deltaIndexProblem, seqProblem, indexGapProblem])
        failOn(rule(s.decoded), s);
    },
  },
  {
    id: "frame-wire/endpoint/client-leaves",
    title: "A client that leaves mid-stream does not break the next request",
    doc: "Two clients disconnect after the first bytes of their streams; the next valid request still gets a complete stream.",
    async run(t) {
      for (let i = 0; i < 2; i++) {
        const left = await post(t, JSON.stringify(VALID_BODIES[0]), authHeaders(t), { leaveAfterFirstChunk: true });
        expectStatus(left, 200, i === 0 ? "the stream the client left" : "the request after a client left mid-stream");
      }
      const next = await validStream(t, VALID_BODIES[2]!);
      expectStatus(next.response, 200, "the request after a client left");
      for (const rule of [frameEventProblem, terminationProblem]) failOn(rule(next.decoded), next);
    },
  },
];

export const frameWireEndpointSuite: Suite<EndpointTarget> = {
  name: "frame-wire endpoint",
  description:
    "A live frame-wire server: the stream's framing and events, sender rules, status codes, slow and leaving clients.",
  checks: endpointChecks,
};

/** Parses `--endpoint`: an absolute http(s) URL (the operation's full URL). */
export function parseEndpoint(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
}
