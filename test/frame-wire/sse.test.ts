import { describe, expect, it, afterAll, beforeAll } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { createParser } from "eventsource-parser";
import { encodeSseEvent, streamTurn } from "../../src/frame-wire/sse.js";
import { createFrameWireServer, randomTurn } from "../../src/frame-wire/serve.js";
import { diffOutcome, loadFrameWireVectors } from "../../conformance/frame-wire/vectors.js";
import { HttpStatusError } from "../../src/http/operation.js";
import { validateFrameEvent } from "../../src/generated/frame-wire/validators.js";
import type { StreamTurnRequestBody } from "../../src/generated/frame-wire-api/types.js";

const body: StreamTurnRequestBody = { messages: [{ role: "user", content: "hi" }] };

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("SSE encoder", () => {
  it("one event is one data-only message that parses back to the same event", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const event = { type: "tool_call", call: { id: "x\n\ny", name: "n\r", arguments: { v: value } } };
        const frames: string[] = [];
        const p = createParser({ onEvent: (m) => frames.push(m.data) });
        p.feed(encodeSseEvent(event));
        expect(frames).toHaveLength(1);
        expect(JSON.parse(frames[0]!)).toEqual(JSON.parse(JSON.stringify(event)));
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});

describe("streaming client over the generated OpenAPI stub", () => {
  it("shows the partial turn while the stream is open, and the final turn when it ends", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const seen: { auth?: string; path?: string } = {};
    const server = createServer(async (req, res) => {
      seen.auth = req.headers.authorization;
      seen.path = req.url;
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(encodeSseEvent({ type: "block_start", index: 0, block_id: "b", block: { kind: "text", text: "" } }));
      res.write(
        encodeSseEvent({
          type: "block_delta",
          index: 0,
          block_id: "b",
          seq: 0,
          delta: { op: "field_set", path: "/text", value: "Hel" },
        }),
      );
      await gate; // the stream stays open until the client has rendered the partial turn
      res.write(
        encodeSseEvent({
          type: "block_delta",
          index: 0,
          block_id: "b",
          seq: 1,
          delta: { op: "field_set", path: "/text", value: "Hello" },
        }),
      );
      res.end(encodeSseEvent({ type: "done", finish_reason: "done" }));
    });
    const baseUrl = await listen(server);
    try {
      const partials: string[] = [];
      const outcome = await streamTurn(
        { baseUrl },
        { headers: { Authorization: "Bearer t0k" }, body },
        {
          onTurn(turn) {
            partials.push(JSON.stringify(turn));
            if (turn.blocks[0]?.text === "Hel") {
              expect(turn.finish_reason).toBeNull(); // still streaming
              release();
            }
          },
        },
      );
      expect(seen).toEqual({ auth: "Bearer t0k", path: "/v1/turns/stream" });
      expect(partials[1]).toBe('{"blocks":[{"kind":"text","text":"Hel"}],"tool_calls":[],"finish_reason":null}');
      expect(outcome).toEqual({
        turn: { blocks: [{ kind: "text", text: "Hello" }], tool_calls: [], finish_reason: "done" },
        abort: null,
      });
    } finally {
      server.close();
    }
  });

  it("after an abort the client stops reading, even from a server that never ends the stream", async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(encodeSseEvent({ type: "block_start", index: 0, block_id: "b", block: { kind: "text" } }));
      res.write(
        encodeSseEvent({
          type: "block_delta",
          index: 7,
          block_id: "x",
          seq: 0,
          delta: { op: "field_set", path: "/a", value: 1 },
        }),
      );
      const timer = setInterval(() => res.write(": keep-alive\n\n"), 20); // never ends
      res.on("close", () => clearInterval(timer));
    });
    const baseUrl = await listen(server);
    try {
      const outcome = await streamTurn({ baseUrl }, { headers: { Authorization: "Bearer x" }, body });
      expect(outcome.abort).toMatchObject({ code: "block_delta_unknown_index", at: 1 });
      expect(outcome.turn.blocks).toEqual([{ kind: "text" }]);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("a frame that is not JSON aborts with malformed_event and keeps the partial turn", async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(encodeSseEvent({ type: "block_start", index: 0, block_id: "b", block: { kind: "text" } }));
      res.end("data: {not json\n\n");
    });
    const baseUrl = await listen(server);
    try {
      const outcome = await streamTurn({ baseUrl }, { headers: { Authorization: "Bearer x" }, body });
      expect(outcome.abort).toMatchObject({ code: "malformed_event", at: 1 });
      expect(outcome.turn.blocks).toEqual([{ kind: "text" }]);
      expect(outcome.turn.error_code).toBe("malformed_event");
    } finally {
      server.close();
    }
  });
});

const foldVectors = loadFrameWireVectors().filter((v) => v.level === "fold");

describe("serve frame-wire (mock endpoint)", () => {
  let server: Server;
  let baseUrl: string;
  beforeAll(async () => {
    server = createFrameWireServer({
      token: "secret",
      paceMs: 1,
      seed: 5,
      vectors: new Map(foldVectors.map((v) => [v.name, v.events!])),
    });
    baseUrl = await listen(server);
  });
  afterAll(() => server.close());

  it("refuses a missing or wrong token with 401 and a bad body with 400", async () => {
    const client = { baseUrl };
    await expect(streamTurn(client, { headers: { Authorization: "Bearer nope" }, body })).rejects.toMatchObject({
      status: 401,
    });
    await expect(
      streamTurn(client, { headers: { Authorization: "Bearer secret" }, body: { messages: [] } as never }),
    ).rejects.toBeInstanceOf(HttpStatusError);
  });

  it("streams random valid turns that fold without abort, reproducibly by seed", async () => {
    for (const seed of [1, 2, 3, 4]) {
      const events = randomTurn(seed);
      for (const e of events) expect(validateFrameEvent(e)).toBe(true);
      const outcome = await streamTurn(
        { baseUrl: `${baseUrl}` },
        { headers: { Authorization: "Bearer secret" }, body },
        {},
      );
      expect(outcome.abort).toBeNull();
      const viaSeed = await fetch(`${baseUrl}/v1/turns/stream?seed=${seed}`, {
        method: "POST",
        headers: { authorization: "Bearer secret", "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect((await viaSeed.text()).split("\n\n").filter(Boolean).length).toBe(events.length);
    }
  });

  it("streams every vector's events; the client's fold gives the vector's expected outcome", async () => {
    expect(foldVectors.length).toBeGreaterThan(70);
    for (const v of foldVectors) {
      const outcome = await streamTurn(
        { baseUrl, fetch: (input, init) => fetch(`${input}?vector=${encodeURIComponent(v.name)}`, init) },
        { headers: { Authorization: "Bearer secret" }, body },
      );
      expect(diffOutcome(v, outcome), v.name).toEqual([]);
    }
    const unknown = await fetch(`${baseUrl}/v1/turns/stream?vector=nope`, {
      method: "POST",
      headers: { authorization: "Bearer secret", "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(unknown.status).toBe(400);
  });
});
