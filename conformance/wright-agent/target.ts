/**
 * How the wright-agent suite reaches a server: a command started as a child process, spoken to
 * over stdio NDJSON, newline-delimited JSON-RPC 2.0 or MCP through the typed client's channels
 * (the MCP one is the SDK's own Client). One shared session per transport; the first request of
 * every stdio/JSON-RPC session is capabilities. When the target serves OUR fixture (the command
 * takes `{fixture}`), the suite owns that file and may edit it to check stateful semantics.
 */
import { rmSync, writeFileSync } from "node:fs";
import type { CapabilitiesResult, ToolErrorInfo } from "../../src/generated/wright-agent/types.js";
import {
  JsonRpcChannel,
  McpChannel,
  ProtocolError,
  StdioChannel,
  type Command,
} from "../../src/wright-agent/client/index.js";
import { fail } from "../harness/check.js";
import { mcpToolEntry, toolName } from "../../src/wright-agent/contract.js";

export const TRANSPORTS = ["stdio", "jsonrpc", "mcp"] as const;
export type Transport = (typeof TRANSPORTS)[number];

/** What one request produced, whatever the transport. */
export type Outcome =
  | { kind: "result"; value: unknown }
  | { kind: "refusal"; error: ToolErrorInfo }
  | { kind: "protocol-error"; code: number; message: string; data?: unknown };

export interface TargetConfig {
  /** Command template: `{transport}` and `{fixture}` are substituted; without `{transport}`, `--transport <t>` is appended. */
  command: string | readonly string[];
  transports: readonly Transport[];
  /** Working directory of every server process (compile writes here). */
  cwd: string;
  /** Our fixture, when the command serves it: its path and original text. */
  fixture?: { path: string; text: string };
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function resolveCommand(template: string | readonly string[], transport: Transport, fixture?: string): Command {
  if (typeof template === "string") {
    let cmd = template.replaceAll("{fixture}", fixture === undefined ? "" : shellQuote(fixture));
    cmd = cmd.includes("{transport}") ? cmd.replaceAll("{transport}", transport) : `${cmd} --transport ${transport}`;
    return cmd;
  }
  const argv = template.map((a) => a.replaceAll("{fixture}", fixture ?? "").replaceAll("{transport}", transport));
  return template.some((a) => a.includes("{transport}")) ? argv : [...argv, "--transport", transport];
}

export class WrightAgentTarget {
  private readonly sessions = new Map<Transport, Promise<StdioChannel | JsonRpcChannel | McpChannel>>();
  private readonly extra: McpChannel[] = [];
  private caps?: Promise<CapabilitiesResult | undefined>;

  constructor(readonly config: TargetConfig) {}

  get transports(): readonly Transport[] {
    return this.config.transports;
  }

  /** True when the target serves our fixture (stateful checks apply). */
  get ownsFixture(): boolean {
    return this.config.fixture !== undefined;
  }

  command(transport: Transport): Command {
    return resolveCommand(this.config.command, transport, this.config.fixture?.path);
  }

  private options() {
    return { cwd: this.config.cwd, env: this.config.env, timeoutMs: this.config.timeoutMs ?? 30_000 };
  }

  private open<C extends StdioChannel | JsonRpcChannel | McpChannel>(
    transport: Transport,
    make: () => Promise<C>,
  ): Promise<C> {
    let s = this.sessions.get(transport) as Promise<C> | undefined;
    if (!s) {
      s = make();
      this.sessions.set(transport, s);
    }
    return s;
  }

  /** The shared stdio session; its first exchange was capabilities. */
  stdio(): Promise<StdioChannel> {
    return this.open("stdio", async () => {
      const ch = StdioChannel.spawn(this.command("stdio"), this.options());
      await ch.send({ op: "capabilities" });
      return ch;
    });
  }

  jsonrpc(): Promise<JsonRpcChannel> {
    return this.open("jsonrpc", async () => {
      const ch = JsonRpcChannel.spawn(this.command("jsonrpc"), this.options());
      await ch.call("request", { op: "capabilities" });
      return ch;
    });
  }

  /** The shared MCP session (initialized with the SDK's newest version; tools listed once). */
  mcp(): Promise<McpChannel> {
    return this.open("mcp", async () => {
      const ch = await McpChannel.connect(this.command("mcp"), this.options());
      await ch.listTools();
      return ch;
    });
  }

  /** A fresh MCP session offering `protocolVersion` (closed with the target). */
  async openMcp(protocolVersion?: string): Promise<McpChannel> {
    const ch = await McpChannel.connect(this.command("mcp"), {
      ...this.options(),
      ...(protocolVersion ? { protocolVersion } : {}),
    });
    this.extra.push(ch);
    return ch;
  }

  /** capabilities from the first stdio/JSON-RPC transport the target offers (undefined: MCP only). */
  capabilities(): Promise<CapabilitiesResult | undefined> {
    this.caps ??= (async () => {
      for (const t of this.transports) {
        if (t === "mcp") continue;
        const o = await this.call(t, { op: "capabilities" });
        if (o.kind === "result") {
          if (o.value === null || typeof o.value !== "object" || Array.isArray(o.value))
            fail(`capabilities over ${t} did not answer an object: ${JSON.stringify(o.value).slice(0, 300)}`);
          return o.value as CapabilitiesResult;
        }
        throw new Error(`capabilities over ${t} answered ${JSON.stringify(o).slice(0, 300)}`);
      }
      return undefined;
    })();
    return this.caps;
  }

  /** Advertised operations: capabilities, or (MCP only) the operations of the listed tools. */
  async advertised(): Promise<string[]> {
    const caps = await this.capabilities();
    if (caps) {
      // A foreign server may answer anything: a shape we do not expect is a failed check, never a TypeError.
      const ops = (caps as { operations?: unknown } | null)?.operations;
      if (!Array.isArray(ops) || !ops.every((o) => typeof o === "string"))
        fail(`capabilities.operations is not a list of operation names: ${JSON.stringify(caps).slice(0, 300)}`);
      return [...(ops as string[])];
    }
    return (await (await this.mcp()).discover()).operations;
  }

  /** Operations reachable over a transport (MCP: advertised and listed as a tool). */
  async reachable(transport: Transport): Promise<string[]> {
    const advertised = await this.advertised();
    if (transport !== "mcp") return advertised;
    const listed = new Set((await (await this.mcp()).discover()).tools!.map((t) => t.name));
    return advertised.filter((op) => listed.has(toolName(op)) && mcpToolEntry(toolName(op)) !== undefined);
  }

  /** Sends one request; the outcome in transport-neutral form. */
  async call(transport: Transport, request: { op: string } & Record<string, unknown>): Promise<Outcome> {
    if (transport === "stdio") return fromResponse(await (await this.stdio()).send(request));
    if (transport === "jsonrpc") {
      const out = await (await this.jsonrpc()).call("request", request);
      if ("error" in out) return { kind: "protocol-error", ...out.error };
      return fromResponse(JsonRpcChannel.toToolResponse(out.result));
    }
    const { op, ...args } = request;
    return this.callTool(toolName(op), args);
  }

  /** An MCP tools/call in transport-neutral form. */
  async callTool(name: string, args: unknown): Promise<Outcome> {
    const mcp = await this.mcp();
    try {
      return fromResponse(McpChannel.toToolResponse(await mcp.callTool(name, args)));
    } catch (e) {
      if (e instanceof ProtocolError) return { kind: "protocol-error", code: e.code, message: e.message, data: e.data };
      throw e;
    }
  }

  writeFixture(text: string): void {
    if (!this.config.fixture) throw new Error("the target does not serve our fixture");
    writeFileSync(this.config.fixture.path, text);
  }

  removeFixture(): void {
    if (!this.config.fixture) throw new Error("the target does not serve our fixture");
    rmSync(this.config.fixture.path, { force: true });
  }

  restoreFixture(): void {
    this.writeFixture(this.config.fixture!.text);
  }

  async close(): Promise<void> {
    const all = [...this.sessions.values()].map((s) => s.then((c) => c.close()).catch(() => undefined));
    all.push(...this.extra.splice(0).map((c) => c.close()));
    this.sessions.clear();
    await Promise.all(all);
  }
}

function fromResponse(r: { result: unknown } | { error: ToolErrorInfo }): Outcome {
  return "result" in r ? { kind: "result", value: r.result } : { kind: "refusal", error: r.error };
}

/** Replaces every `snapshot` value (opaque, per-process generation counters) for comparisons. */
export function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, k === "snapshot" && typeof v === "number" ? "<snapshot>" : normalise(v)]),
  );
}

/** Outcomes compared across transports/runs: results by value (snapshots normalised), refusals by code. */
export function comparable(o: Outcome): unknown {
  if (o.kind === "result") return { result: normalise(o.value) };
  if (o.kind === "refusal") return { refusal: o.error.code };
  return { protocolError: o.code };
}

export function describe(o: Outcome): string {
  return JSON.stringify(o).slice(0, 400);
}
