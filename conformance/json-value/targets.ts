/** Our own JsonValue targets: the generated json-value validator (+ branches) and src/json's guard. */
import { Ajv2020 } from "ajv/dist/2020.js";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { BUNDLED_CONTRACTS_DIR } from "../../src/contracts/index.js";
import { validateJsonValue } from "../../src/generated/json-value/validators.js";
import { validateJsonValue as validateFrameWireJsonValue } from "../../src/generated/frame-wire/validators.js";
import { isJsonValue } from "../../src/json/index.js";
import type { JsonValueTarget } from "./suite.js";

/** Branch validators of a `oneOf` definition, each able to follow refs back into the schema. */
export function branchValidators(
  schema: Record<string, unknown>,
  oneOfPointer = "/oneOf",
): ((v: unknown) => boolean)[] {
  const ajv = new Ajv2020({ strict: false });
  const id = "https://contract-suite.invalid/branches.json";
  ajv.addSchema({ ...schema, $id: id });
  const container = oneOfPointer
    .split("/")
    .slice(1)
    .reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], schema) as unknown[];
  return container.map((_, i) => ajv.compile({ $ref: `${id}#${oneOfPointer}/${i}` }));
}

export function jsonValueContractTarget(): JsonValueTarget {
  const schema = JSON.parse(readFileSync(resolve(BUNDLED_CONTRACTS_DIR, "json-value/json-value.schema.json"), "utf8"));
  return { validate: (v) => validateJsonValue(v), branches: branchValidators(schema), guard: isJsonValue };
}

/** frame-wire's own `$defs/JsonValue` (the amendment's definition), generated validator + branches. */
export function frameWireJsonValueTarget(): JsonValueTarget {
  const schema = JSON.parse(readFileSync(resolve(BUNDLED_CONTRACTS_DIR, "frame-wire/frame_wire.json"), "utf8"));
  return {
    validate: (v) => validateFrameWireJsonValue(v),
    branches: branchValidators({ $defs: { JsonValue: schema.$defs.JsonValue } }, "/$defs/JsonValue/oneOf"),
  };
}

export function jsonValueTargets(): { name: string; target: JsonValueTarget }[] {
  return [
    { name: "contracts/json-value (generated validator + src/json guard)", target: jsonValueContractTarget() },
    { name: "frame-wire $defs/JsonValue (generated validator)", target: frameWireJsonValueTarget() },
  ];
}
