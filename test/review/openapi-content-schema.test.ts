/**
 * contentSchema / contentMediaType are annotations in JSON Schema 2020-12 (no verdict of their
 * own), except where OpenAPI 3.2 gives them meaning: the `data` of a `text/event-stream`
 * `itemSchema` (the shape contracts/frame-wire/openapi.yaml uses), whose contentSchema is the
 * payload of every streamed message, compared like any response body.
 */
import { describe, expect, it } from "vitest";
import { diff, json, openapi } from "./openapi-helpers.js";

const dataMember = (contentSchema: unknown) => ({
  type: "string",
  contentMediaType: "application/json",
  contentSchema,
});
const event = (kinds: string[]) => ({ type: "object", required: ["type"], properties: { type: { enum: kinds } } });

/** A 3.2 streaming operation: each SSE message's data is one Event as JSON. */
function stream(kinds: string[], media = "text/event-stream") {
  return openapi({
    openapi: "3.2.0",
    paths: {
      "/turns": {
        post: {
          responses: {
            "200": {
              description: "stream",
              content: {
                [media]: {
                  itemSchema: {
                    type: "object",
                    required: ["data"],
                    properties: { data: dataMember({ $ref: "#/components/schemas/Event" }) },
                  },
                },
              },
            },
          },
        },
      },
    },
    components: { schemas: { Event: event(kinds) } },
  });
}

describe("the data of an OAS 3.2 text/event-stream itemSchema", () => {
  it("a new event kind in its contentSchema is a response that grows: breaking, with the decoded payload as counterexample (fires)", () => {
    const r = diff(stream(["delta", "done"]), stream(["delta", "done", "ping"]));
    expect(r.verdict).toBe("breaking");
    const c = r.findings.find((x) => x.verdict === "breaking")!;
    expect(c.kind).toBe("enum-value-added");
    expect(c.direction).toBe("response");
    expect(c.counterexample).toMatchObject({ payload: { type: "ping" }, valid: "new", invalid: "old" });
    expect(c.reaches.some((r) => r.part.endsWith("event data"))).toBe(true);
  });
  it("removing an event kind only narrows what the stream carries (quiet)", () => {
    const r = diff(stream(["delta", "done", "ping"]), stream(["delta", "done"]));
    expect(r.verdict).toBe("compatible");
  });
  it("an inline contentSchema is compared the same way", () => {
    const inline = (t: unknown) =>
      openapi({
        openapi: "3.2.0",
        paths: {
          "/s": {
            get: {
              responses: {
                "200": {
                  description: "s",
                  content: {
                    "text/event-stream": {
                      itemSchema: { type: "object", properties: { data: dataMember({ type: t }) } },
                    },
                  },
                },
              },
            },
          },
        },
      });
    expect(diff(inline("integer"), inline(["integer", "string"])).verdict).toBe("breaking");
    expect(diff(inline(["integer", "string"]), inline("integer")).verdict).toBe("compatible");
  });
});

describe("contentSchema elsewhere is an annotation", () => {
  it("in a JSON response body's string member: no verdict (quiet)", () => {
    const body = (kinds: string[]) =>
      openapi({
        paths: {
          "/a": {
            get: {
              responses: {
                "200": {
                  description: "a",
                  ...json({ type: "object", properties: { data: dataMember(event(kinds)) } }),
                },
              },
            },
          },
        },
      });
    const r = diff(body(["delta"]), body(["delta", "ping"]));
    expect(r.verdict).toBe("compatible");
    expect(r.findings.filter((c) => c.verdict !== "compatible")).toEqual([]);
  });
  it("in the itemSchema of another sequential media type (application/jsonl): no verdict (quiet)", () => {
    const r = diff(stream(["delta"], "application/jsonl"), stream(["delta", "ping"], "application/jsonl"));
    expect(r.verdict).toBe("compatible");
  });
  it("contentMediaType changes alone give no verdict", () => {
    const media = (m: string) =>
      openapi({
        paths: {
          "/a": {
            get: { responses: { "200": { description: "a", ...json({ type: "string", contentMediaType: m }) } } },
          },
        },
      });
    expect(diff(media("application/json"), media("text/plain")).verdict).toBe("compatible");
  });
});
