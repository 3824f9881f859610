/**
 * A `$ref` that comes back to itself through `$ref` alone never reaches a schema (JSON Schema 2020-12
 * §9.4.1: undefined behaviour). The loader reports it as a `ref-cycle` problem, so `validate` and
 * `gen` refuse it with the same line (gen used to exit 3 on it), while a recursive type — a cycle
 * through `properties` or `items` — stays a valid document.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { documentRoot, loadDocument } from "../../src/contracts/index.js";
import { runCli } from "../helpers/cli.js";

const tmp = mkdtempSync(join(tmpdir(), "contract-suite-ref-cycle-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function doc(name: string, value: Record<string, unknown>): string {
  const path = join(tmp, name);
  writeFileSync(
    path,
    JSON.stringify({ $schema: "https://json-schema.org/draft/2020-12/schema", title: name, ...value }),
  );
  return path;
}

const rules = async (path: string) =>
  (await loadDocument(path, documentRoot(path))).problems.map((p) => `${p.rule} ${p.pointer}`);

describe("reference loops", () => {
  it("reports a loop of bare references once, and the self-reference too", async () => {
    const loop = doc("loop.json", { $ref: "#/$defs/A", $defs: { A: { $ref: "#/$defs/B" }, B: { $ref: "#/$defs/A" } } });
    const problems = (await loadDocument(loop, documentRoot(loop))).problems;
    expect(problems.map((p) => p.rule)).toEqual(["ref-cycle"]);
    expect(problems[0]!.message).toContain("#/$defs/A -> #/$defs/B -> #/$defs/A");
    expect(await rules(doc("self.json", { $ref: "#" }))).toEqual(["ref-cycle "]);
    // Siblings beside $ref do not end the loop: $ref is applied whatever else the object says.
    expect(
      await rules(doc("typed.json", { $defs: { A: { type: "object", $ref: "#/$defs/B" }, B: { $ref: "#/$defs/A" } } })),
    ).toHaveLength(1);
  });

  it("leaves recursive types and chains that end at a schema alone", async () => {
    const tree = doc("tree.json", {
      $ref: "#/$defs/Node",
      $defs: {
        Node: { type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/Node" } } } },
        Alias: { $ref: "#/$defs/Node" },
        Alias2: { $ref: "#/$defs/Alias" },
      },
    });
    expect(await rules(tree)).toEqual([]);
  });

  it("validate and gen refuse it with the same line, exit 1, never 3", async () => {
    const loop = doc("cli-loop.json", { $defs: { A: { $ref: "#/$defs/B" }, B: { $ref: "#/$defs/A" } } });
    const validate = await runCli(["validate", loop]);
    const gen = await runCli(["gen", loop, "--out", join(tmp, "out")]);
    expect(validate.code).toBe(1);
    expect(gen.code).toBe(1);
    const line = validate.stdout.split("\n").find((l) => l.includes("[ref-cycle]"));
    expect(line).toBeDefined();
    expect(gen.stdout + gen.stderr).toContain(line!.trim());
  });
});
