/**
 * The typed wright-agent/v1 client. It negotiates first (capabilities on stdio and JSON-RPC;
 * initialize + tools/list on MCP, which has no capabilities tool), refuses to send an operation
 * the server did not advertise, and returns typed results or typed refusals:
 *
 *   const client = await connectWrightAgent({ command: "wright serve project.ws", transport: "jsonrpc" });
 *   const out = await client.call("findings", { severity: "warning", max: 5 });
 *   if (out.ok) out.result.selection; else out.error.code;
 *   const rules = await client.request("rules", {});   // throws RefusalError on a refusal
 */
import type { WrightAgentOperation, WrightAgentOperationMap } from "../../generated/wright-agent/catalog.js";
import type { CapabilitiesResult, ToolErrorInfo } from "../../generated/wright-agent/types.js";
import { describeErrors } from "../../json/index.js";
import { AGENT_CONTRACT, operationEntry } from "../contract.js";
import {
  JsonRpcChannel,
  McpChannel,
  StdioChannel,
  type ChannelOptions,
  type Discovery,
  type ToolChannel,
} from "./channels.js";
import type { Command } from "./process.js";

export type Request<Op extends WrightAgentOperation> = WrightAgentOperationMap[Op]["request"];
export type Result<Op extends WrightAgentOperation> = WrightAgentOperationMap[Op]["result"];
/** A request without `op` (the method name carries it). */
export type Fields<Op extends WrightAgentOperation> = Omit<Request<Op>, "op">;
export type Outcome<Op extends WrightAgentOperation> =
  | { ok: true; result: Result<Op> }
  | { ok: false; error: ToolErrorInfo };
type FieldsArg<Op extends WrightAgentOperation> = {} extends Fields<Op> ? [fields?: Fields<Op>] : [fields: Fields<Op>];

/** The server did not advertise the operation; nothing was sent. */
export class UnadvertisedOperationError extends Error {
  override readonly name = "UnadvertisedOperationError";
  constructor(
    readonly op: string,
    transport: string,
  ) {
    super(`${op} is not advertised by this server (${transport}); check client.operations first`);
  }
}

/** The server speaks another agent contract. */
export class IncompatibleContractError extends Error {
  override readonly name = "IncompatibleContractError";
}

/** The server answered something its contract does not allow (validateResults). */
export class ContractViolationError extends Error {
  override readonly name = "ContractViolationError";
}

/** A service refusal, thrown by request() (call() returns it instead). */
export class RefusalError extends Error {
  override readonly name = "RefusalError";
  constructor(readonly error: ToolErrorInfo) {
    super(`${error.code}: ${error.message}`);
  }
}

export interface ClientOptions {
  /** Check every result against its operation's result schema (generated validators). Default true. */
  validateResults?: boolean;
}

export class WrightAgentClient {
  private constructor(
    readonly channel: ToolChannel,
    readonly discovery: Discovery,
    private readonly options: ClientOptions,
  ) {}

  /** Negotiates over a channel: capabilities (or MCP tools/list) first, then checks the contract id. */
  static async connect(channel: ToolChannel, options: ClientOptions = {}): Promise<WrightAgentClient> {
    const discovery = await channel.discover();
    const contract = discovery.capabilities?.agent_contract;
    if (discovery.capabilities && contract !== AGENT_CONTRACT) {
      await channel.close();
      throw new IncompatibleContractError(`server speaks ${JSON.stringify(contract)}, this client ${AGENT_CONTRACT}`);
    }
    return new WrightAgentClient(channel, discovery, options);
  }

  get transport(): string {
    return this.channel.transport;
  }

  /** capabilities' result (undefined over MCP). */
  get capabilities(): CapabilitiesResult | undefined {
    return this.discovery.capabilities;
  }

  /** The advertised operations (over MCP: those with a listed tool). */
  get operations(): readonly string[] {
    return this.discovery.operations;
  }

  advertises(op: string): op is WrightAgentOperation {
    return this.discovery.operations.includes(op) && operationEntry(op) !== undefined;
  }

  /** Sends one operation; a refusal is a value ({ok: false, error}), never an exception. */
  async call<Op extends WrightAgentOperation>(op: Op, ...[fields]: FieldsArg<Op>): Promise<Outcome<Op>> {
    if (!this.advertises(op)) throw new UnadvertisedOperationError(op, this.channel.transport);
    const response = await this.channel.send({ ...(fields ?? {}), op } as { op: string } & Record<string, unknown>);
    if ("error" in response) return { ok: false, error: response.error };
    if (this.options.validateResults !== false) {
      const validate = operationEntry(op)!.validateResult;
      if (!validate(response.result))
        throw new ContractViolationError(
          `${op} result violates the contract: ${describeErrors(validate.errors).join("; ")}`,
        );
    }
    return { ok: true, result: response.result as unknown as Result<Op> };
  }

  /** Like call(), but a refusal throws RefusalError. */
  async request<Op extends WrightAgentOperation>(op: Op, ...args: FieldsArg<Op>): Promise<Result<Op>> {
    const out = await this.call(op, ...args);
    if (!out.ok) throw new RefusalError(out.error);
    return out.result;
  }

  close(): Promise<void> {
    return this.channel.close();
  }
}

export interface ConnectOptions extends ChannelOptions, ClientOptions {
  /** The server command: a shell string (run as `sh -c "exec …"`) or an argv array. */
  command: Command;
  transport?: "stdio" | "jsonrpc" | "mcp";
  /** MCP: protocol version offered in initialize. */
  protocolVersion?: string;
}

/** Starts a server process and negotiates with it. */
export async function connectWrightAgent(options: ConnectOptions): Promise<WrightAgentClient> {
  const transport = options.transport ?? "stdio";
  const channel =
    transport === "mcp"
      ? await McpChannel.connect(options.command, options)
      : transport === "jsonrpc"
        ? JsonRpcChannel.spawn(options.command, options)
        : StdioChannel.spawn(options.command, options);
  try {
    return await WrightAgentClient.connect(channel, options);
  } catch (e) {
    await channel.close().catch(() => {});
    throw e;
  }
}
