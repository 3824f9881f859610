import { describe, expect, it } from "vitest";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import YAML from "yaml";
import { BUNDLED_CONTRACTS_DIR, loadRegistry } from "../../src/contracts/index.js";
import { runMirror, mutations } from "../../src/review/mirror.js";
import { vectorSamples } from "../../conformance/frame-wire/vectors.js";
import { runCli } from "../helpers/cli.js";

const seeds = vectorSamples();

/** Copies the bundled registry, applies an edit to one document, runs the mirror check on the copy. */
async function mirrorWith(edit: { file: "frame_wire.json" | "openapi.yaml"; change: (doc: any) => void }) {
  const dir = mkdtempSync(join(tmpdir(), "mirror-"));
  try {
    cpSync(BUNDLED_CONTRACTS_DIR, dir, { recursive: true });
    const path = join(dir, "frame-wire", edit.file);
    const yaml = edit.file.endsWith(".yaml");
    const doc = yaml ? YAML.parse(readFileSync(path, "utf8")) : JSON.parse(readFileSync(path, "utf8"));
    edit.change(doc);
    writeFileSync(path, yaml ? YAML.stringify(doc) : JSON.stringify(doc, null, 2));
    return await runMirror(loadRegistry(dir), "frame-wire-api", { seeds });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("mirror check", () => {
  it("the real pair passes, with samples cross-validated", async () => {
    expect(seeds.length).toBeGreaterThan(50);
    const r = await runMirror(loadRegistry(), "frame-wire-api", { seeds });
    expect(r.defects).toEqual([]);
    expect(r.definitions).toBeGreaterThanOrEqual(12);
    expect(r.samples).toBeGreaterThan(1000);
  });

  it("the CLI passes on the pair and exits 2 for a contract nothing mirrors", async () => {
    expect((await runCli(["mirror", "frame-wire"])).code).toBe(0);
    expect((await runCli(["mirror", "wit"])).code).toBe(2);
  });

  it("reports a property removed from one side", async () => {
    const r = await mirrorWith({
      file: "openapi.yaml",
      change: (d) => delete d.components.schemas.ToolCall.properties.result,
    });
    expect(r.defects).toContainEqual(
      expect.objectContaining({ path: "ToolCall/properties/result", kind: "keyword-missing" }),
    );
    expect(r.defects.some((d) => d.kind === "verdict-differs" && d.path === "ToolCall")).toBe(true);
  });

  it("reports a type changed", async () => {
    const r = await mirrorWith({
      file: "frame_wire.json",
      change: (d) => (d.$defs.DoneEvent.properties.finish_reason.type = "integer"),
    });
    expect(r.defects).toContainEqual(
      expect.objectContaining({ path: "DoneEvent/properties/finish_reason/type", kind: "keyword-differs" }),
    );
    const verdict = r.defects.find((d) => d.kind === "verdict-differs" && d.path === "DoneEvent");
    expect(verdict?.value).toMatchObject({ type: "done" });
  });

  it("reports an enum member dropped (and const vs one-member enum is not a difference)", async () => {
    const r = await mirrorWith({
      file: "openapi.yaml",
      change: (d) => {
        const op = d.components.schemas.FieldSetDelta.properties.op;
        expect(op.enum ?? [op.const]).toEqual(["field_set"]);
        op.enum = ["field_set_x"];
        delete op.const;
      },
    });
    expect(r.defects).toContainEqual(
      expect.objectContaining({ path: "FieldSetDelta/properties/op/enum/0", kind: "keyword-differs" }),
    );
  });

  it("reports a required entry added", async () => {
    const r = await mirrorWith({
      file: "openapi.yaml",
      change: (d) => d.components.schemas.FrameTurn.required.push("error_code"),
    });
    expect(r.defects.some((d) => d.path.startsWith("FrameTurn/required"))).toBe(true);
    expect(r.defects.some((d) => d.kind === "verdict-differs" && d.path === "FrameTurn")).toBe(true);
  });

  it("reports a definition missing on one side", async () => {
    // Inline the definition at its uses, so the document stays valid but lacks the definition.
    const r = await mirrorWith({
      file: "openapi.yaml",
      change: (d) => {
        const def = d.components.schemas.BlockPointer;
        delete d.components.schemas.BlockPointer;
        const inline = (n: any): any =>
          Array.isArray(n)
            ? n.map(inline)
            : n && typeof n === "object"
              ? n.$ref === "#/components/schemas/BlockPointer"
                ? { ...def }
                : Object.fromEntries(Object.entries(n).map(([k, v]) => [k, inline(v)]))
              : n;
        d.components.schemas = inline(d.components.schemas);
      },
    });
    expect(r.defects).toContainEqual(expect.objectContaining({ path: "BlockPointer", kind: "missing-definition" }));
  });

  it("reports an invalid document instead of crashing", async () => {
    const r = await mirrorWith({ file: "openapi.yaml", change: (d) => delete d.components.schemas.JsonValue });
    expect(r.defects.length).toBeGreaterThan(0);
    expect(r.defects.every((x) => x.kind === "invalid-document")).toBe(true);
  });

  it("reports an edited description, a changed $ref, a dropped pattern and an extra definition", async () => {
    const r = await mirrorWith({
      file: "openapi.yaml",
      change: (d) => {
        d.components.schemas.FrameTurn.description += " (edited)";
        d.components.schemas.ToolCall.properties.result.$ref = "#/components/schemas/ForgeBlock";
        delete d.components.schemas.BlockPointer.pattern;
        d.components.schemas.Extra = { type: "string", description: "not in the JSON Schema" };
      },
    });
    const paths = r.defects.map((x) => `${x.path} ${x.kind}`);
    expect(paths).toContain("FrameTurn/description keyword-differs");
    expect(paths).toContain("ToolCall/properties/result/$ref keyword-differs");
    expect(paths).toContain("BlockPointer/pattern keyword-missing");
    expect(paths).toContain("Extra missing-definition");
  });

  it("mutations cover dropped members, swapped types and extra members", () => {
    const all = [...mutations({ a: "x", b: [1] })].map((m) => JSON.stringify(m));
    expect(all).toContain('{"b":[1]}');
    expect(all).toContain('{"a":null,"b":[1]}');
    expect(all).toContain('{"a":"x","b":[1],"unexpectedMember":1}');
    expect(all).toContain('{"a":"x","b":[]}');
  });
});
