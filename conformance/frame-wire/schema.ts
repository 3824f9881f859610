/**
 * The frame-wire contract documents as ajv validators (Draft 2020-12), for checks that need the
 * schema's own verdict: permissiveness of the value sites, the fold's shape check against the
 * schema, the outcome's turn against FrameTurn, 1.2.0 -> 1.3.0 compatibility.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { assetPath } from "../../src/assets.js";

export const FRAME_WIRE_CONTRACT_DIR = assetPath("contracts/frame-wire");

export type FrameWireVersion = "1.3.0" | "1.2.0";

function dirOf(version: FrameWireVersion): string {
  return version === "1.3.0" ? FRAME_WIRE_CONTRACT_DIR : join(FRAME_WIRE_CONTRACT_DIR, "history", version);
}

export function readFrameWireSchemas(version: FrameWireVersion = "1.3.0"): {
  frameWire: Record<string, any>;
  forgeBlock: Record<string, any>;
} {
  const dir = dirOf(version);
  return {
    frameWire: JSON.parse(readFileSync(join(dir, "frame_wire.json"), "utf8")),
    forgeBlock: JSON.parse(readFileSync(join(dir, "forge_block.json"), "utf8")),
  };
}

export interface FrameWireValidators {
  /** The root: one FrameEvent. */
  event: ValidateFunction;
  /** Any definition of frame_wire.json by name, e.g. "FrameTurn", "JsonValue". */
  def(name: string): ValidateFunction;
  forgeBlock: ValidateFunction;
}

/** Strict ajv with the one annotation keyword the documents use (`x-version`). */
export function frameWireAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  ajv.addKeyword({ keyword: "x-version", schemaType: "string" });
  return ajv;
}

export function compileFrameWire(version: FrameWireVersion = "1.3.0"): FrameWireValidators {
  const { frameWire, forgeBlock } = readFrameWireSchemas(version);
  const ajv = frameWireAjv();
  ajv.addSchema(forgeBlock);
  ajv.addSchema(frameWire);
  const id = frameWire.$id as string;
  const cache = new Map<string, ValidateFunction>();
  return {
    event: ajv.getSchema(id)!,
    def(name) {
      let v = cache.get(name);
      if (!v) {
        v = ajv.getSchema(`${id}#/$defs/${name}`);
        if (!v) throw new Error(`frame_wire.json ${version} has no definition ${name}`);
        cache.set(name, v);
      }
      return v;
    },
    forgeBlock: ajv.getSchema(forgeBlock.$id as string)!,
  };
}
