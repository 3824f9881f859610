import { describe, expect, it } from "vitest";
import { parseToolRequest } from "../../src/wright-agent/request.js";

const code = (raw: unknown, operations?: readonly string[]) => {
  const r = parseToolRequest(raw, operations ? { operations } : {});
  return r.ok ? "ok" : r.error.code;
};

describe("parseToolRequest", () => {
  it("accepts the seed's requests", () => {
    expect(parseToolRequest({ op: "capabilities" })).toEqual({
      ok: true,
      op: "capabilities",
      request: { op: "capabilities" },
    });
    expect(code({ op: "findings" })).toBe("ok");
    expect(code({ op: "references", symbol: "KIND:x", snapshot: 3, max: 0 })).toBe("ok");
  });

  it("refuses what is not a request as malformed-request", () => {
    for (const raw of [null, 3, "findings", [], [{ op: "findings" }], {}, { op: 3 }, { op: null }])
      expect(code(raw), JSON.stringify(raw)).toBe("malformed-request");
  });

  it("an unknown or unadvertised operation is malformed-request with a hint", () => {
    const r = parseToolRequest({ op: "finding" });
    expect(r).toMatchObject({ ok: false, error: { code: "malformed-request" } });
    expect(!r.ok && r.error.message).toMatch(/did you mean findings/);
    expect(code({ op: "simulate", inputIdentity: "a".repeat(64), seconds: 1 }, ["capabilities", "findings"])).toBe(
      "malformed-request",
    );
    expect(code({ op: "toString" })).toBe("malformed-request");
  });

  it("drops unknown fields instead of refusing them (forward compatibility)", () => {
    expect(parseToolRequest({ op: "findings", futureField: { a: 1 }, max: 2 })).toEqual({
      ok: true,
      op: "findings",
      request: { op: "findings", max: 2 },
    });
  });

  it("refuses removed vocabulary: rules with name", () => {
    const r = parseToolRequest({ op: "rules", name: "Init" });
    expect(r).toMatchObject({ ok: false, error: { code: "malformed-request" } });
    expect(!r.ok && r.error.message).toMatch(/name field was removed/);
    // The same member on another operation is just an unknown field.
    expect(code({ op: "symbols", name: "Init" })).toBe("ok");
  });

  it("a selection value outside its domain is invalid-selection; a wrong type is malformed-request", () => {
    expect(code({ op: "findings", severity: "fatal" })).toBe("invalid-selection");
    expect(code({ op: "symbols", kind: "local" })).toBe("invalid-selection");
    expect(code({ op: "references", symbol: "x", kind: "mention" })).toBe("invalid-selection");
    expect(code({ op: "cfg", rule: "x", kind: "switch" })).toBe("invalid-selection");
    expect(code({ op: "findings", severity: 3 })).toBe("malformed-request");
    expect(code({ op: "findings", max: -1 })).toBe("malformed-request");
    expect(code({ op: "findings", max: 1.5 })).toBe("malformed-request");
    // Both problems at once: the malformed one wins.
    expect(code({ op: "findings", severity: "fatal", max: "3" })).toBe("malformed-request");
  });

  it("missing required fields and bad nested shapes are malformed-request", () => {
    expect(code({ op: "references" })).toBe("malformed-request");
    expect(code({ op: "validateEditTransaction", transaction: { edits: [{ source: "a" }] } })).toBe(
      "malformed-request",
    );
    expect(code({ op: "validateEditTransaction", transaction: { edits: [], extra: 1 } })).toBe("malformed-request");
  });

  it("enforces x-exactly-one-of (simulate: seconds xor scenario)", () => {
    const id = "a".repeat(64);
    expect(code({ op: "simulate", inputIdentity: id, seconds: 2 })).toBe("ok");
    expect(code({ op: "simulate", inputIdentity: id, scenario: { steps: [] } })).toBe("ok");
    expect(code({ op: "simulate", inputIdentity: id })).toBe("malformed-request");
    expect(code({ op: "simulate", inputIdentity: id, seconds: 2, scenario: {} })).toBe("malformed-request");
  });

  it("in-process callers may leave optional members undefined; non-JSON values are refused", () => {
    expect(code({ op: "findings", max: undefined })).toBe("ok");
    expect(code({ op: "findings", max: () => 1 })).toBe("malformed-request");
    expect(code({ op: "findings", max: Number.NaN })).toBe("malformed-request");
    expect(code(Object.assign(Object.create({ op: "findings" }), {}))).toBe("malformed-request");
  });

  it("a __proto__ member neither pollutes nor smuggles fields", () => {
    const raw = JSON.parse('{"op":"findings","__proto__":{"max":1,"polluted":true}}');
    const r = parseToolRequest(raw);
    expect(r).toEqual({ ok: true, op: "findings", request: { op: "findings" } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
