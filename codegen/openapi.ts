/**
 * OpenAPI templates: one typed client function per operation (path, method, headers, body,
 * response). Component schemas become types and validators through the shared bundle, like any
 * JSON Schema; inline request/response schemas are named `<Operation>RequestBody` / `<Operation>Response`.
 * A `text/event-stream` response returns the raw `Response` (the caller folds the stream); its item
 * type comes from `itemSchema` (OpenAPI 3.2) or our `x-item-schema` extension.
 */
import type { OperationInfo } from "./bundle.js";
import { camelCase, propertyKey } from "./names.js";

function jsdoc(lines: (string | undefined)[], indent = ""): string {
  const text = lines.filter((l): l is string => !!l).join("\n\n");
  return text
    ? `${indent}/**\n${text
        .split("\n")
        .map((l) => `${indent} * ${l.replace(/\*\//g, "*\\/")}`.trimEnd())
        .join("\n")}\n${indent} */\n`
    : "";
}

export function generateOperations(prefix: string, operations: OperationInfo[]): string {
  const out: string[] = [
    `import { sendJsonOperation, sendOperation, type HttpClientConfig } from "../../http/operation.js";`,
    `import type * as T from "./types.js";`,
    "",
  ];
  for (const op of operations) {
    const name = op.typeBase;
    const fields: string[] = [];
    const group = (label: string, params: OperationInfo["parameters"]) => {
      if (!params.length) return;
      const required = params.some((p) => p.required);
      fields.push(
        `  ${label}${required ? "" : "?"}: { ${params.map((p) => `${propertyKey(p.name)}${p.required ? "" : "?"}: ${p.tsType}`).join("; ")} };`,
      );
    };
    group(
      "path",
      op.parameters.filter((p) => p.in === "path"),
    );
    group(
      "query",
      op.parameters.filter((p) => p.in === "query"),
    );
    group(
      "headers",
      op.parameters.filter((p) => p.in === "header"),
    );
    if (op.requestBody) fields.push(`  body${op.requestBody.required ? "" : "?"}: T.${op.requestBody.type};`);
    out.push(
      jsdoc([`Input of \`${op.operationId}\` (${op.method.toUpperCase()} ${op.path}).`]) +
        `export interface ${name}Input {`,
      ...fields,
      "}",
      "",
    );
  }
  out.push(`/** Operation specs, for the HTTP runtime. */`, `export const ${camelCase(prefix)}Operations = {`);
  for (const op of operations) {
    out.push(`  ${propertyKey(op.operationId)}: {`);
    out.push(`    operationId: ${JSON.stringify(op.operationId)},`);
    out.push(`    method: ${JSON.stringify(op.method.toUpperCase())},`);
    out.push(`    path: ${JSON.stringify(op.path)},`);
    if (op.requestBody) out.push(`    requestContentType: ${JSON.stringify(op.requestBody.contentType)},`);
    out.push(
      `    responses: { ${op.responses.map((r) => `${JSON.stringify(r.status)}: ${r.contentType ? `{ contentType: ${JSON.stringify(r.contentType)} }` : "{}"}`).join(", ")} },`,
    );
    out.push("  },");
  }
  out.push("} as const;", "");
  out.push(
    `/** A typed client for every operation of the document. */`,
    `export function create${prefix}Client(config: HttpClientConfig) {`,
    "  return {",
  );
  for (const op of operations) {
    const success = op.responses.find((r) => /^2/.test(r.status));
    const doc = jsdoc(
      [
        op.summary,
        op.description,
        success?.kind === "event-stream"
          ? `Resolves with the raw streaming \`Response\`; each SSE \`data:\` frame is one \`${success.itemType ?? "unknown"}\`.`
          : undefined,
      ],
      "    ",
    );
    const inputOptional = !op.parameters.some((p) => p.required) && !op.requestBody?.required;
    const arg = `input: ${op.typeBase}Input${inputOptional ? " = {}" : ""}`;
    if (success?.kind === "event-stream") {
      out.push(
        `${doc}    ${propertyKey(camelCase(op.operationId))}: (${arg}): Promise<Response> => sendOperation(config, ${camelCase(prefix)}Operations[${JSON.stringify(op.operationId)}], input),`,
      );
    } else {
      const type = success?.type ? `T.${success.type}` : "unknown";
      out.push(
        `${doc}    ${propertyKey(camelCase(op.operationId))}: (${arg}) => sendJsonOperation<${type}>(config, ${camelCase(prefix)}Operations[${JSON.stringify(op.operationId)}], input),`,
      );
    }
  }
  out.push("  };", "}", "");
  for (const op of operations) {
    const stream = op.responses.find((r) => r.kind === "event-stream" && r.itemType);
    if (stream)
      out.push(
        `/** One SSE frame's data in the \`${op.operationId}\` stream. */`,
        `export type ${op.typeBase}Event = T.${stream.itemType};`,
        "",
      );
  }
  return out.join("\n");
}
