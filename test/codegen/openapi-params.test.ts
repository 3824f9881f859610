/**
 * The generated OpenAPI client keeps a parameter's enum: a `$ref` to an enum definition is that
 * definition's type, an inline enum its literal union, a `$ref`'d Parameter Object is read too.
 */
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { documentRegistry } from "../../src/contracts/index.js";
import { runGen } from "../../codegen/generate.js";

const DOC = `openapi: 3.1.0
info: { title: Shop, version: 1.0.0 }
paths:
  /pets:
    get:
      operationId: listPets
      parameters:
        - { name: mood, in: query, schema: { $ref: "#/components/schemas/Mood" } }
        - { name: size, in: query, schema: { type: string, enum: [s, m, l] } }
        - { name: limit, in: query, schema: { type: integer } }
        - { $ref: "#/components/parameters/Sort" }
        - { name: owner, in: query, schema: { $ref: "#/components/schemas/Owner" } }
      responses: { "204": { description: none } }
components:
  parameters:
    Sort: { name: sort, in: query, schema: { $ref: "#/components/schemas/Order" } }
  schemas:
    Mood: { type: string, enum: [calm, playful] }
    Order: { enum: [asc, desc] }
    Owner: { type: object, properties: { id: { type: string } } }
`;

describe("OpenAPI parameters in the generated client", () => {
  it("keep their enums", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cs-params-"));
    writeFileSync(join(dir, "shop.yaml"), DOC);
    const report = await runGen(documentRegistry([join(dir, "shop.yaml")]), { outDir: join(dir, "out") });
    expect(report.invalid).toEqual([]);
    const ops = readFileSync(join(dir, "out/shop/operations.ts"), "utf8");
    const query = /query\?: \{([^}]*)\}/.exec(ops)?.[1];
    expect(query).toContain("mood?: T.Mood");
    expect(query).toContain('size?: "s" | "m" | "l"');
    expect(query).toContain("limit?: number");
    expect(query).toContain("sort?: T.Order");
    // An object is no query scalar: it stays what it was.
    expect(query).toContain("owner?: string");
    expect(readFileSync(join(dir, "out/shop/types.ts"), "utf8")).toMatch(
      /export type Mood = \(?"calm" \| "playful"\)?/,
    );
  });
});
