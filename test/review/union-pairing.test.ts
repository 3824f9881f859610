/**
 * Union branches are paired by what identifies them (a shared discriminator value, seen through
 * allOf; the same definition name, bare `$ref` aliases included; then member-name similarity), and
 * a claim whose path names the other document's schema says so. Checked on the real diff pipeline
 * with small document pairs; where a title quotes "was: ...", the engine before decision 126 reported
 * exactly that on the same pair (re-run against the previous commit's src/review).
 */
import { describe, expect, it } from "vitest";
import type { LoadedContract } from "../../src/contracts/index.js";
import { diffContracts } from "../../src/review/run-diff.js";
import { Containment } from "../../src/review/schema/containment.js";
import { SchemaContext } from "../../src/review/schema/context.js";
import {
  counterpart,
  definitionNames,
  pinnedApartThroughAllOf,
  rankBranches,
} from "../../src/review/schema/union-pairing.js";

function schemaDoc(defs: Record<string, unknown>, path = "/virtual/schema.json"): LoadedContract {
  const doc = { $schema: "https://json-schema.org/draft/2020-12/schema", $defs: structuredClone(defs) };
  return {
    entry: { name: "s", kind: "json-schema", version: "", entry: path },
    doc: { path, root: doc, files: new Map([[path, doc]]), bytes: new Map() },
    problems: [],
  } as unknown as LoadedContract;
}
const changes = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  diffContracts(schemaDoc(a), schemaDoc(b), { samples: 30 }).findings;
const lines = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  changes(a, b).map((c) => `${c.kind} ${c.path} :: ${c.evidence}`);
const ref = (n: string) => ({ $ref: `#/$defs/${n}` });

/** Upstream's envelope style: a shared base and the discriminating constant in a second allOf part. */
const envelope = {
  type: "object",
  required: ["command", "result"],
  properties: { command: { type: "string" }, result: { type: "object" } },
};
const upstreamStyle = (cmd: string, result: unknown) => ({
  allOf: [ref("Envelope"), { type: "object", properties: { command: { const: cmd }, result } }],
});
const flat = (cmd: string, result: unknown) => ({
  type: "object",
  required: ["command", "result"],
  properties: { command: { const: cmd }, result },
});

describe("union branch pairing", () => {
  const old = {
    Envelope: envelope,
    Check: upstreamStyle("check", { type: "object" }),
    Analyze: upstreamStyle("analyze", { type: "object", properties: { n: { type: "integer" } } }),
    Any: { anyOf: [ref("Check"), ref("Analyze")] },
  };
  const ours = {
    Check: flat("check", { type: "object" }),
    Analyze: flat("analyze", { type: "object", properties: { n: { type: "string" } } }),
    Any: { anyOf: [ref("Check"), ref("Analyze")] },
  };

  it('a discriminating constant pairs branches through allOf (was: const-changed "analyze is not check", branch-added at Analyze)', () => {
    const l = lines(old, ours);
    expect(l.filter((x) => x.includes('"analyze" is not') || x.includes('"check" is not'))).toEqual([]);
    expect(l.filter((x) => x.startsWith("branch-added #/$defs/Analyze "))).toEqual([]);
    // What does differ is reported where it is: Analyze's result member n.
    expect(
      l.some((x) => x.startsWith("type-") && x.includes("#/$defs/Analyze/properties/result/properties/n/type")),
    ).toBe(true);
  });

  it("pinned constants seen through allOf make branches disjoint (a sound exclusion)", () => {
    const ca = new SchemaContext(structuredClone(ours) as never);
    const cb = new SchemaContext(structuredClone(old) as never);
    expect(pinnedApartThroughAllOf(ref("Analyze") as never, ca, ref("Check") as never, cb)).toBe(true);
    expect(pinnedApartThroughAllOf(ref("Analyze") as never, ca, ref("Analyze") as never, cb)).toBe(false);
    // Not pinned (a plain string member) is never apart.
    expect(pinnedApartThroughAllOf(ref("Analyze") as never, ca, ref("Envelope") as never, cb)).toBe(false);
  });

  it("without a discriminator, the same definition name pairs branches (a guard: the old engine got this small pair right by finding counts)", () => {
    const caps = { type: "object", required: ["name"], properties: { name: { type: "string" } } };
    const usage = (t: string) => ({
      type: "object",
      required: ["calls", "reads"],
      properties: { calls: { type: t }, reads: { type: "integer" } },
    });
    const l = lines(
      { Caps: caps, Usage: usage("integer"), Any: { anyOf: [ref("Caps"), ref("Usage")] } },
      { Caps: caps, Usage: usage("string"), Any: { anyOf: [ref("Caps"), ref("Usage")] } },
    );
    expect(l.filter((x) => x.includes("#/$defs/Usage/required") || x.includes('member "name"'))).toEqual([]);
    expect(l.some((x) => x.includes("#/$defs/Usage/properties/calls/type"))).toBe(true);
  });

  it("a bare $ref alias definition is its target, by name too (a guard: on the whole wright-agent pair the old engine reported exit here)", () => {
    const payload = {
      type: "object",
      required: ["ok", "exit"],
      properties: { ok: { type: "boolean" }, exit: { type: "integer" } },
    };
    const mutation = {
      type: "object",
      required: ["ok"],
      properties: { ok: { type: "boolean" }, documents: { type: "array" } },
    };
    const old = {
      EditValidationPayload: payload,
      MutationPayload: mutation,
      ValidateResult: ref("EditValidationPayload"),
      ProviderResult: ref("MutationPayload"),
      Any: { anyOf: [ref("ValidateResult"), ref("ProviderResult")] },
    };
    const ours = {
      ValidateResult: { ...payload, properties: { ...payload.properties, preview: { type: "array" } } },
      ProviderResult: mutation,
      Any: { anyOf: [ref("ValidateResult"), ref("ProviderResult")] },
    };
    const cb = new SchemaContext(structuredClone(old) as never);
    expect([...definitionNames(ref("ValidateResult") as never, cb)].sort()).toEqual([
      "EditValidationPayload",
      "ValidateResult",
    ]);
    expect([...definitionNames(cb.deref(ref("EditValidationPayload") as never), cb)].sort()).toEqual([
      "EditValidationPayload",
      "ValidateResult",
    ]);
    const l = lines(old, ours);
    expect(l.filter((x) => x.includes("exit"))).toEqual([]);
  });

  it("member-name similarity pairs what names do not (the ToolResponse result/error branches)", () => {
    const ca = new SchemaContext({});
    const cb = new SchemaContext({});
    const a = { type: "object", required: ["result"], properties: { result: { type: "object" } } };
    const branches = [
      { type: "object", required: ["error"], properties: { error: { type: "object" } } },
      { type: "object", required: ["result"], properties: { result: { type: "array" } } },
    ];
    const ranked = rankBranches(
      a as never,
      ca,
      branches.map((br, i) => ({ br: br as never, i })),
      cb,
    );
    expect(counterpart(ranked)?.i).toBe(1);
    // A tie singles nothing out.
    const tie = rankBranches(
      { type: "object" } as never,
      ca,
      branches.map((br, i) => ({ br: br as never, i })),
      cb,
    );
    expect(counterpart(tie)).toBeUndefined();
  });

  it("a namesake of another type is no counterpart: the union misses the values (was: old's rule arrays checked against new's edge arrays)", () => {
    const edge = {
      type: "object",
      required: ["caller", "callee"],
      properties: { caller: { type: "string" }, callee: { type: "string" } },
    };
    const rule = { type: "object", required: ["id"], properties: { id: { type: "integer" } } };
    const old = {
      Edge: edge,
      Rule: rule,
      Rules: { type: "array", items: ref("Rule") },
      Graph: { type: "array", items: ref("Edge") },
      Any: { anyOf: [ref("Rules"), ref("Graph")] },
    };
    const ours = {
      Edge: edge,
      Rule: rule,
      Rules: { type: "object", required: ["rules"], properties: { rules: { type: "array", items: ref("Rule") } } },
      Graph: { type: "array", items: ref("Edge") },
      Any: { anyOf: [ref("Rules"), ref("Graph")] },
    };
    const l = lines(old, ours);
    expect(l.filter((x) => x.includes("#/$defs/Edge"))).toEqual([]);
    expect(l.some((x) => x.startsWith("branch-removed #/$defs/Any ") && x.includes("arrays"))).toBe(true);
  });

  it("still sound: no pairing proves what is not contained", () => {
    const ca = new SchemaContext(structuredClone(ours) as never);
    const cb = new SchemaContext(structuredClone(old) as never);
    expect(new Containment(ca, cb).check(ref("Any") as never, ref("Any") as never).length).toBeGreaterThan(0);
    const same = new SchemaContext(structuredClone(ours) as never);
    expect(new Containment(ca, same).check(ref("Any") as never, ref("Any") as never)).toEqual([]);
  });
});

describe("claims whose path names the other document's schema", () => {
  it('a value new leaves open is reported at old\'s schema, saying so (was: "new allows null here" on a plain type: object)', () => {
    const edge = { type: "object", required: ["caller"], properties: { caller: { type: "string" } } };
    const old = { Edge: edge, R: { type: "object", properties: { edges: { type: "array", items: ref("Edge") } } } };
    // New still names `edges` but leaves its items open.
    const ours = { Edge: edge, R: { type: "object", properties: { edges: { type: "array" } } } };
    const widened = changes(old, ours).filter((c) => c.path === "#/$defs/Edge/type");
    expect(widened.length).toBeGreaterThan(0);
    for (const c of widened)
      expect(c.evidence).toMatch(/the path is old's schema: new constrains nothing at \/edges\/0/);
    // A member new no longer names at all is that one change, at old's declaration (decision 240).
    const dropped = changes(old, { Edge: edge, R: { type: "object", properties: { other: { type: "string" } } } });
    expect(dropped.filter((c) => c.path.startsWith("#/$defs/Edge")).map((c) => c.kind)).toEqual([]);
    expect(dropped.some((c) => c.kind === "open-property-removed" && c.path === "#/$defs/R/properties/edges")).toBe(
      true,
    );
  });

  it("a claim on new's own node keeps new's location and no such note", () => {
    const old = { R: { type: "object", properties: { n: { type: "integer" } } } };
    const ours = { R: { type: "object", properties: { n: { type: ["integer", "null"] } } } };
    const c = changes(old, ours).filter((x) => x.kind === "type-widened");
    expect(c.map((x) => x.path)).toEqual(["#/$defs/R/properties/n/type"]);
    expect(c[0]!.evidence).not.toMatch(/old's schema/);
  });
});
