/** MCP: version negotiation, the tool list and its input schemas, refusals vs protocol errors. */
import { contractDocument, MCP_TOOLS, operationEntry, type Schema } from "../../src/wright-agent/contract.js";
import { checkStandalone } from "../../src/wright-agent/tool-schema.js";
import { expect, fail } from "../harness/check.js";
import { McpChannel, ProtocolError } from "../../src/wright-agent/client/index.js";
import { describe } from "./target.js";
import {
  expectProtocolError,
  VALIDATION_AS_RESULT_SINCE,
  obj,
  perTransport,
  sameJson,
  onlyOver,
  type WrightAgentCheck,
} from "./util.js";

/** Newest first, as the published implementation accepts them. */
export const LISTED_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"] as const;
/** Versions a server must NOT echo (it answers its newest instead). */
export const UNLISTED_VERSIONS = ["2024-10-07"] as const;

export const mcpNegotiation: WrightAgentCheck = {
  id: "wright-agent/mcp-negotiation",
  title: "MCP initialize negotiates the protocol version; ping answers {}",
  doc: "A client offering 2024-11-05, 2025-03-26, 2025-06-18 or 2025-11-25 gets that version echoed; a client offering another version (2024-10-07, which the SDK itself would accept) gets the newest, 2025-11-25. Each offer is its own session through the SDK's Client. ping answers an empty object.",
  async run(target, ctx) {
    onlyOver(target, ["mcp"]);
    await perTransport(target, ["mcp"], ctx, async () => {
      const shared = await target.mcp();
      expect(
        shared.protocolVersion === LISTED_VERSIONS[0],
        `offered ${LISTED_VERSIONS[0]}, negotiated ${String(shared.protocolVersion)}`,
      );
      const offers = [...LISTED_VERSIONS.slice(1), ...UNLISTED_VERSIONS];
      const sessions = await Promise.all(offers.map((v) => target.openMcp(v)));
      offers.forEach((offer, i) => {
        const expected = (LISTED_VERSIONS as readonly string[]).includes(offer) ? offer : LISTED_VERSIONS[0];
        expect(
          sessions[i]!.protocolVersion === expected,
          `offered ${offer}: expected ${expected}, negotiated ${String(sessions[i]!.protocolVersion)}`,
        );
      });
      await Promise.all(sessions.map((s) => s.close()));
      const pong = await shared.request("ping");
      expect(sameJson(pong, {}), `ping must answer {}, got ${JSON.stringify(pong)}`);
    });
  },
};

/** Structural derivation check of one listed tool's inputSchema against the contract's request. */
export function inputSchemaProblems(tool: { name: string; inputSchema: Schema }): string[] {
  const entry = MCP_TOOLS.find((t) => t.tool === tool.name);
  if (!entry) return [`${tool.name} is not in the MCP table`];
  const def = contractDocument.$defs[operationEntry(entry.op)!.request]!;
  const s = tool.inputSchema;
  const problems: string[] = [];
  if (s.type !== "object") problems.push("type is not object");
  const props = Object.keys(obj(s.properties)).sort();
  const expected = Object.keys(obj(def.properties))
    .filter((p) => p !== "op" && !entry.omit.includes(p))
    .sort();
  if (!sameJson(props, expected))
    problems.push(
      `properties ${JSON.stringify(props)} != request fields without op${entry.omit.length ? ` and ${entry.omit.join(", ")}` : ""} ${JSON.stringify(expected)}`,
    );
  const required = ((def.required as string[] | undefined) ?? [])
    .filter((r) => r !== "op" && !entry.omit.includes(r))
    .sort();
  if (required.length === 0 && s.required !== undefined)
    problems.push(`required must be omitted when empty, got ${JSON.stringify(s.required)}`);
  if (required.length && !sameJson([...((s.required as string[] | undefined) ?? [])].sort(), required))
    problems.push(`required ${JSON.stringify(s.required)} != ${JSON.stringify(required)}`);
  problems.push(...checkStandalone(s));
  return problems.map((p) => `${tool.name}: ${p}`);
}

export const mcpToolsList: WrightAgentCheck = {
  id: "wright-agent/mcp-tools-list",
  title: "tools/list lists exactly the advertised operations of the MCP table, with derived input schemas",
  doc: "tools/list contains a tool (wright_ + the operation in snake case) exactly for each operation of the seed's MCP table that capabilities.operations advertises — no more, no fewer, no duplicates — each with a description. Each inputSchema is the request schema without op (and without sources on the Workshop edit tools, without documents and sources on providerValidateEdit): the same fields, required omitted when empty, every $ref resolved by a local $defs, none recursive.",
  async run(target, ctx) {
    onlyOver(target, ["mcp"]);
    await perTransport(target, ["mcp"], ctx, async () => {
      const tools = (await (await target.mcp()).discover()).tools!;
      const names = tools.map((t) => t.name);
      expect(new Set(names).size === names.length, "tools/list lists a tool twice", names);
      const caps = await target.capabilities();
      if (!caps)
        ctx.log(
          "no stdio/JSON-RPC transport to read capabilities from: listed tools checked against the MCP table only",
        );
      const expected = MCP_TOOLS.filter((t) => !caps || caps.operations.includes(t.op)).map((t) => t.tool);
      const extra = names.filter((n) => !expected.includes(n));
      const missing = caps ? expected.filter((n) => !names.includes(n)) : [];
      if (extra.length)
        fail(
          `tools/list lists tools for operations capabilities does not advertise (or outside the MCP table): ${extra.join(", ")}`,
        );
      if (missing.length) fail(`tools/list misses advertised operations' tools: ${missing.join(", ")}`);
      const problems = tools.flatMap((t) => [
        ...(t.description?.trim() ? [] : [`${t.name}: no description`]),
        ...inputSchemaProblems(t as { name: string; inputSchema: Schema }),
      ]);
      if (problems.length) fail(problems.slice(0, 6).join("; "));
    });
  },
};

export const mcpRefusals: WrightAgentCheck = {
  id: "wright-agent/mcp-refusals",
  title: "MCP: a service refusal is an isError tool result whose text is {code, message}",
  doc: "A refused tool call (unknown rule, unknown symbol, invalid selection) is a tool result with isError: true and one text content holding the refusal object {code, message}, with the code stdio answers for the same request. A successful result has no isError and its text content is the service result as JSON.",
  async run(target, ctx) {
    onlyOver(target, ["mcp"]);
    await perTransport(target, ["mcp"], ctx, async () => {
      const mcp = await target.mcp();
      const reachable = await target.reachable("mcp");
      const cases = [
        { op: "cfg", rule: "\u0001no such rule" },
        { op: "usage", symbol: "globalVariable:\u0001noSuchSymbol" },
        { op: "symbols", kind: "local" },
      ].filter((c) => reachable.includes(c.op));
      if (cases.length === 0) return ctx.log("no refusable tool listed");
      for (const { op, ...args } of cases) {
        const tool = `wright_${op}`;
        let raw;
        try {
          raw = await mcp.callTool(tool, args);
        } catch (e) {
          fail(
            `${tool} ${JSON.stringify(args)}: a service refusal must be a tool result, got ${e instanceof Error ? e.message : String(e)}`,
          );
        }
        expect(raw.isError === true, `${tool} ${JSON.stringify(args)}: a refusal must set isError: true`, raw);
        const content = raw.content ?? [];
        expect(
          content.length === 1 && content[0]!.type === "text",
          `${tool}: a refusal carries one text content`,
          content,
        );
        let error: Record<string, unknown>;
        try {
          error = obj(JSON.parse((content[0] as { text: string }).text));
        } catch {
          fail(`${tool}: the refusal text is not JSON`, content);
        }
        expect(
          typeof error.code === "string" && typeof error.message === "string",
          `${tool}: the refusal text must be {code, message}`,
          error,
        );
        if (target.transports.includes("stdio")) {
          const stdio = await target.call("stdio", { op, ...args });
          expect(
            stdio.kind === "refusal" && stdio.error.code === error.code,
            `${tool}: MCP refused with ${String(error.code)}, stdio answered ${describe(stdio)}`,
          );
        }
      }
      const ok = await mcp.callTool("wright_symbols", { max: 1 }).catch(() => undefined);
      if (reachable.includes("symbols") && ok)
        expect(
          ok.isError !== true && ok.content?.[0]?.type === "text",
          "a successful tool result has no isError and a text content",
          ok,
        );
    });
  },
};

export const mcpProtocolErrors: WrightAgentCheck = {
  id: "wright-agent/mcp-protocol-errors",
  title: "MCP protocol errors are JSON-RPC errors, never tool results: unknown tool -32602, unknown method -32601",
  doc: "tools/call of a tool that does not exist, or of a wright tool tools/list does not list, is JSON-RPC error -32602; an unknown method is -32601. Neither may come back as a tool result (isError or not). (Arguments the tool's schema rejects depend on the negotiated version: wright-agent/mcp-argument-errors.)",
  async run(target, ctx) {
    onlyOver(target, ["mcp"]);
    await perTransport(target, ["mcp"], ctx, async () => {
      const mcp = await target.mcp();
      const listed = new Set((await mcp.discover()).tools!.map((t) => t.name));
      expectProtocolError(await target.callTool("wright_no_such_tool", {}), -32602, "unknown tool wright_no_such_tool");
      for (const t of MCP_TOOLS.filter((t) => !listed.has(t.tool)))
        expectProtocolError(await target.callTool(t.tool, {}), -32602, `unlisted tool ${t.tool}`);
      let answer: unknown;
      let error: unknown;
      try {
        answer = await mcp.request("wright/noSuchMethod", {});
      } catch (e) {
        error = e;
      }
      if (error === undefined)
        fail(`unknown method wright/noSuchMethod answered ${JSON.stringify(answer).slice(0, 200)}`);
      const code = (error as { code?: unknown }).code;
      expect(
        code === -32601,
        `unknown method: expected -32601, got ${String(code)} (${error instanceof Error ? error.message : String(error)})`,
      );
    });
  },
};

export const mcpArgumentErrors: WrightAgentCheck = {
  id: "wright-agent/mcp-argument-errors",
  title: "MCP: arguments a tool's schema rejects are answered as the negotiated protocol version requires",
  doc: "One session per listed protocol version (2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25), each through the SDK's Client. Arguments the tool's request schema rejects (wright_symbols {max: \"many\"}, wright_usage without symbol): up to 2025-06-18 a JSON-RPC error -32602 (the prose: malformed arguments are protocol errors, never tool results); from 2025-11-25 (SEP-1303: input-validation errors are tool execution errors) an isError tool result whose text is {code, message}, the code stdio answers for the same request. An unknown tool is -32602 in every version. The expectation follows the version the server actually negotiated.",
  async run(target, ctx) {
    onlyOver(target, ["mcp"]);
    await perTransport(target, ["mcp"], ctx, async () => {
      const reachable = await target.reachable("mcp");
      const cases = [
        { op: "symbols", args: { max: "many" }, what: 'wright_symbols {max: "many"}' },
        { op: "usage", args: {}, what: "wright_usage without symbol" },
      ].filter((c) => reachable.includes(c.op));
      const stdioCode = new Map<string, string | undefined>();
      if (target.transports.includes("stdio")) {
        for (const c of cases) {
          const o = await target.call("stdio", { op: c.op, ...c.args });
          stdioCode.set(c.op, o.kind === "refusal" ? o.error.code : undefined);
        }
      }
      const sessions = await Promise.all([...LISTED_VERSIONS].reverse().map((v) => target.openMcp(v)));
      const problems: string[] = [];
      for (const session of sessions) {
        const negotiated = String(session.protocolVersion);
        const asResult = negotiated >= VALIDATION_AS_RESULT_SINCE;
        const at = `negotiated ${negotiated}`;
        const unknown = await outcomeOf(session, "wright_no_such_tool", {});
        if (unknown.kind !== "protocol-error" || unknown.code !== -32602)
          problems.push(
            `${at}: unknown tool wright_no_such_tool: expected a JSON-RPC error -32602, got ${unknown.text}`,
          );
        for (const c of cases) {
          const o = await outcomeOf(session, `wright_${c.op}`, c.args);
          if (asResult) {
            if (o.kind !== "tool-error") {
              problems.push(`${at}: ${c.what}: expected an isError tool result (SEP-1303), got ${o.text}`);
              continue;
            }
            const payload = o.payload;
            if (typeof payload.code !== "string" || typeof payload.message !== "string")
              problems.push(`${at}: ${c.what}: the isError text must be {code, message}, got ${o.text}`);
            const expected = stdioCode.get(c.op);
            if (expected !== undefined && payload.code !== expected)
              problems.push(`${at}: ${c.what}: isError code ${String(payload.code)}, stdio answered ${expected}`);
          } else if (o.kind !== "protocol-error" || o.code !== -32602) {
            problems.push(`${at}: ${c.what}: expected a JSON-RPC error -32602, got ${o.text}`);
          }
        }
      }
      await Promise.all(sessions.map((s) => s.close()));
      if (problems.length) fail(problems.slice(0, 6).join("; "));
    });
  },
};

type McpOutcome =
  | { kind: "protocol-error"; code: number; text: string }
  | { kind: "tool-error"; payload: Record<string, unknown>; text: string }
  | { kind: "tool-result"; text: string };

/** One tools/call on its own session, classified. */
async function outcomeOf(session: McpChannel, name: string, args: Record<string, unknown>): Promise<McpOutcome> {
  try {
    const r = await session.callTool(name, args);
    const text = `a tool result ${JSON.stringify(r).slice(0, 200)}`;
    if (r.isError !== true) return { kind: "tool-result", text };
    let payload: Record<string, unknown> = {};
    try {
      payload = obj(JSON.parse((r.content?.[0] as { text?: string } | undefined)?.text ?? ""));
    } catch {
      // not JSON: reported through the {code, message} expectation
    }
    return { kind: "tool-error", payload, text: `an isError tool result ${JSON.stringify(r).slice(0, 200)}` };
  } catch (e) {
    if (e instanceof ProtocolError)
      return { kind: "protocol-error", code: e.code, text: `JSON-RPC error ${e.code} (${e.message})` };
    throw e;
  }
}

export const mcpChecks = [mcpNegotiation, mcpToolsList, mcpRefusals, mcpProtocolErrors, mcpArgumentErrors];
