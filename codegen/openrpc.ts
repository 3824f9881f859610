/**
 * OpenRPC templates: the method table, the handler interface and the typed client.
 *
 * @open-rpc/generator 1.22.3 was tried first: its TypeScript client does not compile under
 * `tsc --strict` for dotted method names (`lock.acquire` becomes an invalid identifier) and it has no
 * server-side handler interface, so these small templates replace it (docs/decisions/001-openrpc-templates.md).
 */
import type { MethodInfo } from "./bundle.js";
import { camelCase, pascalCase, propertyKey } from "./names.js";
import { validatorName } from "./validators.js";

interface ErrorDef {
  key: string;
  code: number;
  message: string;
}

function jsdoc(lines: (string | undefined)[], indent = ""): string {
  const text = lines.filter((l): l is string => typeof l === "string" && l.length > 0).join("\n\n");
  if (!text) return "";
  return `${indent}/**\n${text
    .split("\n")
    .map((l) => `${indent} * ${l.replace(/\*\//g, "*\\/")}`.trimEnd())
    .join("\n")}\n${indent} */\n`;
}

/**
 * The error invalid params get: one the method declares (-32602, else -32600), else one the contract
 * declares in components.errors, else the standard -32602. (Wit's `ping` declares no errors, but the
 * contract's validation error is INVALID_REQUEST everywhere.)
 */
export function invalidParamsError(m: MethodInfo, contractErrors: ErrorDef[] = []): { code: number; message: string } {
  const pick = (errs: { code: number; message: string }[]) =>
    errs.find((e) => e.code === -32602) ?? errs.find((e) => e.code === -32600);
  const found = pick(m.errors) ?? pick(contractErrors);
  return found ? { code: found.code, message: found.message } : { code: -32602, message: "Invalid params" };
}

export function generateMethods(prefix: string, methods: MethodInfo[], componentErrors: ErrorDef[]): string {
  const mapName = `${prefix}MethodMap`;
  const out: string[] = [
    `import type { MethodTable } from "../../rpc/types.js";`,
    `import type * as T from "./types.js";`,
    `import * as v from "./validators.js";`,
    "",
    `/** Method name -> params, result and the messages of the errors it declares. */`,
    `export interface ${mapName} {`,
  ];
  for (const m of methods) {
    const errs = [...new Set(m.errors.map((e) => JSON.stringify(e.message)))];
    out.push(
      jsdoc([m.summary], "  ") +
        `  ${JSON.stringify(m.name)}: { params: T.${m.paramsType}; result: T.${m.resultType}; error: ${errs.length ? errs.join(" | ") : "never"} };`,
    );
  }
  out.push("}", "", `export type ${prefix}MethodName = keyof ${mapName};`, "");
  out.push(
    `/** Every error the contract defines (components.errors), by name. */`,
    `export const ${camelCase(prefix)}Errors = {`,
  );
  for (const e of componentErrors)
    out.push(`  ${propertyKey(e.key)}: { code: ${e.code}, message: ${JSON.stringify(e.message)} },`);
  out.push("} as const;", "");
  out.push(
    `/** The method table: validators and declared errors per method, for the JSON-RPC engine. */`,
    `export const ${camelCase(prefix)}Methods = {`,
  );
  for (const m of methods) {
    out.push(`  ${JSON.stringify(m.name)}: {`);
    out.push(`    name: ${JSON.stringify(m.name)},`);
    out.push(`    paramStructure: ${JSON.stringify(m.paramStructure)},`);
    out.push(
      `    params: [${m.params.map((p) => `{ name: ${JSON.stringify(p.name)}, required: ${p.required} }`).join(", ")}],`,
    );
    out.push(`    validateParams: v.${validatorName(m.paramsType)},`);
    out.push(`    validateResult: v.${validatorName(m.resultType)},`);
    out.push(
      `    errors: [${m.errors.map((e) => `{ code: ${e.code}, message: ${JSON.stringify(e.message)} }`).join(", ")}],`,
    );
    const ip = invalidParamsError(m, componentErrors);
    out.push(`    invalidParams: { code: ${ip.code}, message: ${JSON.stringify(ip.message)} },`);
    out.push("  },");
  }
  out.push("} as const satisfies MethodTable;", "");
  return out.join("\n");
}

export function generateHandlers(prefix: string, methods: MethodInfo[]): string {
  const out: string[] = [
    `import type { HandlerContext } from "../../rpc/types.js";`,
    `import type * as T from "./types.js";`,
    "",
    `/**`,
    ` * What a ${prefix} server implements: one function per method, typed params in, typed result out.`,
    ` * A contract error is thrown as an \`RpcError\` built from \`${camelCase(prefix)}Errors\` (see methods.ts);`,
    ` * the engine validates params before the call, so a handler only sees valid params.`,
    ` */`,
    `export interface ${prefix}Handlers {`,
  ];
  for (const m of methods) {
    const errs = [...new Set(m.errors.map((e) => e.message))];
    out.push(
      jsdoc(
        [m.summary, m.description, errs.length ? `Declared errors: ${errs.join(", ")}.` : undefined],
        "  ",
      ).trimEnd(),
    );
    out.push(
      `  ${JSON.stringify(m.name)}(params: T.${m.paramsType}, context: HandlerContext): T.${m.resultType} | Promise<T.${m.resultType}>;`,
    );
  }
  out.push("}", "");
  return out.join("\n");
}

/** Groups dotted names into namespaces: `lock.acquire` -> client.lock.acquire(...). */
export function generateClient(prefix: string, methods: MethodInfo[]): string {
  const mapName = `${prefix}MethodMap`;
  const groups = new Map<string, MethodInfo[]>();
  const top: MethodInfo[] = [];
  for (const m of methods) {
    const dot = m.name.indexOf(".");
    if (dot > 0 && dot === m.name.lastIndexOf(".")) {
      const g = camelCase(m.name.slice(0, dot));
      if (!groups.has(g)) groups.set(g, []);
      groups.get(g)!.push(m);
    } else top.push(m);
  }
  const optional = (m: MethodInfo) => m.params.every((p) => !p.required);
  const sig = (m: MethodInfo) => `params: T.${m.paramsType}${optional(m) ? ` = {} as T.${m.paramsType}` : ""}`;
  const decl = (m: MethodInfo) => `params${optional(m) ? "?" : ""}: T.${m.paramsType}`;
  const out: string[] = [
    `import { createTypedCaller, type RpcCaller, type TypedCallerOptions } from "../../rpc/client.js";`,
    `import type * as T from "./types.js";`,
    `import { ${camelCase(prefix)}Methods, type ${mapName} } from "./methods.js";`,
    "",
    `/**`,
    ` * Typed ${prefix} client over any transport (\`RpcCaller\`). Dotted method names become namespaces:`,
    ` * ${methods[0] ? `\`${methods.find((m) => m.name.includes("."))?.name ?? methods[0].name}\`` : ""} is \`client.${(methods.find((m) => m.name.includes("."))?.name ?? "x").split(".").map(camelCase).join(".")}(params)\`. Contract errors are thrown as \`RpcError\`.`,
    ` */`,
    `export class ${prefix}Client {`,
    `  /** Calls any method by its contract name, typed by the method map. */`,
    `  readonly call: <K extends keyof ${mapName}>(method: K, params: ${mapName}[K]["params"]) => Promise<${mapName}[K]["result"]>;`,
    "",
  ];
  for (const [g, ms] of groups) {
    out.push(`  readonly ${propertyKey(g)}: {`);
    for (const m of ms)
      out.push(
        jsdoc([m.summary], "    ") +
          `    ${propertyKey(camelCase(m.name.slice(m.name.indexOf(".") + 1)))}(${decl(m)}): Promise<T.${m.resultType}>;`,
      );
    out.push("  };");
  }
  out.push("");
  out.push(`  constructor(caller: RpcCaller, options: TypedCallerOptions = {}) {`);
  out.push(`    const call = createTypedCaller<${mapName}>(caller, ${camelCase(prefix)}Methods, options);`);
  out.push(`    this.call = call;`);
  for (const [g, ms] of groups) {
    out.push(`    this.${g} = {`);
    for (const m of ms)
      out.push(
        `      ${propertyKey(camelCase(m.name.slice(m.name.indexOf(".") + 1)))}: (${sig(m)}) => call(${JSON.stringify(m.name)}, params),`,
      );
    out.push("    };");
  }
  out.push("  }");
  for (const m of top) {
    out.push(
      "",
      jsdoc([m.summary], "  ") + `  ${propertyKey(camelCase(m.name))}(${sig(m)}): Promise<T.${m.resultType}> {`,
    );
    out.push(`    return this.call(${JSON.stringify(m.name)}, params);`, "  }");
  }
  out.push("}", "");
  return out.join("\n");
}

export function componentErrorDefs(root: Record<string, unknown>): ErrorDef[] {
  const errors = ((root.components as Record<string, unknown> | undefined)?.errors ?? {}) as Record<
    string,
    { code: number; message: string }
  >;
  return Object.entries(errors).map(([key, e]) => ({ key: pascalCase(key), code: e.code, message: e.message }));
}
