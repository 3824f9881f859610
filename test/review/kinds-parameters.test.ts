/**
 * OpenAPI parameters have kinds of their own (`parameter-*`, kinds/openapi.ts), apart from OpenRPC's
 * by-name params (`param-*`): each fires on its pair with the verdict its direction rule gives
 * (a location's parameters are a closed object: requests may only widen), names the parameter, and
 * stays quiet when the parameters are unchanged or only their descriptions changed.
 */
import { describe, expect, it } from "vitest";
import { findKind } from "../../src/review/kinds/index.js";
import { diff, kinds, oneOp } from "./openapi-helpers.js";

type Param = { name: string; in: string; required?: boolean; description?: string; schema: unknown };
const op = (...parameters: Param[]) => oneOp({ parameters });
const id: Param = { name: "id", in: "path", required: true, schema: { type: "string" } };
const limit = (extra: Partial<Param> = {}): Param => ({
  name: "limit",
  in: "query",
  schema: { type: "integer" },
  ...extra,
});
const trace = (extra: Partial<Param> = {}): Param => ({
  name: "X-Trace",
  in: "header",
  schema: { type: "string" },
  ...extra,
});

const CASES: { kind: string; verdict: "breaking" | "compatible"; old: Param[]; now: Param[]; at: string }[] = [
  { kind: "parameter-removed", verdict: "breaking", old: [id, limit()], now: [id], at: "/parameters/query/limit" },
  { kind: "parameter-removed", verdict: "breaking", old: [id, trace()], now: [id], at: "/parameters/header/x-trace" },
  { kind: "parameter-added", verdict: "compatible", old: [id], now: [id, limit()], at: "/parameters/query/limit" },
  {
    kind: "parameter-required",
    verdict: "breaking",
    old: [id, limit()],
    now: [id, limit({ required: true })],
    at: "/parameters/query",
  },
  {
    kind: "parameter-required",
    verdict: "breaking",
    old: [id],
    now: [id, trace({ required: true })],
    at: "/parameters/header",
  },
  {
    kind: "parameter-optional",
    verdict: "compatible",
    old: [id, limit({ required: true })],
    now: [id, limit()],
    at: "/parameters/query",
  },
];

describe("OpenAPI parameter kinds", () => {
  it("are registered in the openapi family with the request direction rule, decided by proof", () => {
    for (const k of ["parameter-removed", "parameter-added", "parameter-required", "parameter-optional"]) {
      expect(findKind(k), k).toMatchObject({ family: "openapi", direction: "request", level: "by-proof" });
    }
  });

  for (const c of CASES) {
    it(`${c.kind} fires (${c.verdict}) at ${c.at} and stays quiet on the unchanged document`, () => {
      const r = diff(op(...c.old), op(...c.now));
      const hit = r.findings.filter((x) => x.kind === c.kind);
      expect(
        hit.map((x) => x.verdict),
        JSON.stringify(r.findings, null, 1),
      ).toEqual([c.verdict]);
      expect(hit[0]!.path).toContain(c.at);
      if (c.verdict === "breaking") expect(hit[0]!.counterexample?.valid).toBe("old");
      // OpenRPC's param kinds are never used for OpenAPI parameters.
      expect(kinds(r).filter((k) => k.startsWith("param-"))).toEqual([]);
      expect(kinds(diff(op(...c.now), op(...c.now)))).toEqual([]);
    });
  }

  it("stay quiet when only a parameter's description changes", () => {
    const r = diff(op(id, limit({ description: "at most" })), op(id, limit({ description: "at most this many" })));
    expect(kinds(r).filter((k) => k.startsWith("parameter-"))).toEqual([]);
    expect(r.verdict).toBe("compatible");
  });

  it("a parameter given by $ref from components is judged the same way", () => {
    const viaRef = (p: Param) =>
      oneOp(
        { parameters: [id, { $ref: "#/components/parameters/Limit" }] },
        { components: { parameters: { Limit: p } } },
      );
    const r = diff(viaRef(limit()), viaRef(limit({ required: true })));
    expect(kinds(r, "breaking")).toContain("parameter-required");
  });
});
