/**
 * Generated validators read a value's own members only (issue 32 item 5: ajv `ownProperties`):
 * `constructor`, `toString` and `__proto__` are never taken from the prototype.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

const tmp = mkdtempSync(join(tmpdir(), "cs-own-members-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

type Validate = (v: unknown) => boolean;
let v: Record<string, Validate>;

beforeAll(async () => {
  const registry = join(tmp, "registry");
  mkdirSync(registry);
  // Raw text: a JS object literal would turn "__proto__" into a prototype, not a member.
  writeFileSync(
    join(registry, "s.json"),
    `{"$schema":"https://json-schema.org/draft/2020-12/schema","$defs":{
      "Named":{"type":"object","properties":{"constructor":{"type":"string"},"toString":{"type":"string"}}},
      "Proto":{"type":"object","properties":{"__proto__":{"type":"string"}}},
      "NeedsConstructor":{"type":"object","required":["constructor","toString"]}}}`,
  );
  writeFileSync(
    join(registry, "index.json"),
    JSON.stringify({ contracts: [{ name: "odd", kind: "json-schema", version: "1.0.0", entry: "s.json" }] }),
  );
  const out = join(tmp, "out");
  const r = await runCli(["gen", "--registry", registry, "--out", out]);
  expect(r.code, r.stderr).toBe(0);
  v = await import(join(out, "odd/validators.ts"));
}, 120_000);

describe("generated validators read own members only", () => {
  it("a member named constructor or toString is absent when the value does not carry it", () => {
    expect(v.validateNamed!({})).toBe(true);
    expect(v.validateNamed!({ constructor: "c", toString: "t" })).toBe(true);
    expect(v.validateNamed!({ constructor: 1 })).toBe(false);
    expect(v.validateNeedsConstructor!({})).toBe(false);
    expect(v.validateNeedsConstructor!({ constructor: 1, toString: 2 })).toBe(true);
  });

  it("a __proto__ member that is not a string is refused", () => {
    expect(v.validateProto!(JSON.parse('{"__proto__": 42}'))).toBe(false);
    expect(v.validateProto!({})).toBe(true);
  });
});
