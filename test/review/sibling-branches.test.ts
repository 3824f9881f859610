/**
 * A change inside one branch of the new version's union is shown by a payload every branch refuses
 * (sibling-branches.ts; the real pair discord-create-invite): another branch that still takes the
 * payload is made to refuse it where the old branch differs from it.
 */
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { diff, json, oneOp } from "./openapi-helpers.js";
import { diffDocuments } from "../../src/review/run-diff.js";

const req = (schema: unknown) => oneOp({ requestBody: json(schema) }, {}, "/a", "post");
const dm = (extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties: { max_age: { type: ["integer", "null"], minimum: 1, maximum: 604800 } },
  ...extra,
});
const guild = (roleIds?: unknown) => ({
  type: "object",
  properties: {
    max_age: { type: ["integer", "null"], minimum: 0, maximum: 5184000 },
    ...(roleIds ? { role_ids: roleIds } : {}),
  },
});
const roleIds = {
  oneOf: [{ type: "string" }, { type: "array", items: { type: "string", pattern: "^[0-9]+$" } }, { type: "null" }],
};

describe("a change in one branch of a union", () => {
  it("is breaking, with a payload the other branch refuses too", () => {
    const r = diff(req({ anyOf: [dm(), guild()] }), req({ anyOf: [dm(), guild(roleIds)] }));
    expect(r.verdict).toBe("breaking");
    const c = r.findings.find((x) => x.verdict === "breaking" && x.counterexample)!;
    const p = c.counterexample!.payload as { max_age?: unknown; role_ids?: unknown };
    // The group-DM branch refuses it by max_age (outside 1..604800, inside the old guild's 0..5184000), the guild branch by role_ids.
    expect(typeof p.max_age).toBe("number");
    expect((p.max_age as number) < 1 || (p.max_age as number) > 604800).toBe(true);
    expect(typeof p.role_ids === "boolean" || typeof p.role_ids === "number").toBe(true);
    expect(c.counterexample!.valid).toBe("old");
    // The array items the old branch left open are shown the same way (the old side constrains nothing there).
    expect(r.findings.filter((x) => x.verdict === "needs-review")).toEqual([]);
  });
  it("is not breaking when the other branch takes every such payload", () => {
    const r = diff(req({ anyOf: [{ type: "object" }, guild()] }), req({ anyOf: [{ type: "object" }, guild(roleIds)] }));
    expect(r.findings.filter((c) => c.verdict === "breaking")).toEqual([]);
  });
  it("on the real pair discord-create-invite, both of role_ids' findings (its type, its items) are shown by a payload", async () => {
    const dir = join(import.meta.dirname, "real-pairs/discord-create-invite");
    const r = await diffDocuments(join(dir, "old.json"), join(dir, "new.json"));
    expect(r.verdict).toBe("breaking");
    const json = r.findings.filter((c) => c.kind !== "non-json-schema-changed");
    expect(json.filter((c) => c.verdict !== "breaking")).toEqual([]);
    for (const c of json) expect(c.counterexample).toBeDefined();
    // Every branch refuses the payload; the error shown is the changed (guild) branch's, at role_ids, not the DM branch's max_age.
    const roleIds = json.find((c) => c.kind === "open-property-added")!;
    expect(roleIds.counterexample!.errorAt).toBe("/role_ids");
  }, 120_000);
});
