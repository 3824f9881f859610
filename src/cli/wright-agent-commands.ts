/**
 * wright-agent commands: `serve wright-agent` (the stateful mock over stdio / JSON-RPC / MCP) and
 * `tools wright-agent` (client tool definitions). Heavy modules load inside the actions so other
 * commands do not pay for them.
 */
import type { Command } from "commander";
import { Option } from "commander";
import { EXIT, EXIT_CODES_HELP, write, type CliContext } from "./context.js";
import { serveCommand } from "./frame-wire-commands.js";

const TRANSPORTS = ["stdio", "jsonrpc", "mcp"] as const;
const TOOL_FORMATS = ["messages", "json-schema"] as const;

function toolsCommand(program: Command): Command {
  return (
    program.commands.find((c) => c.name() === "tools") ??
    program
      .command("tools")
      .description("Emit client tool definitions for code-executing agents.")
      .addHelpText("after", EXIT_CODES_HELP)
  );
}

export function registerWrightAgentCommands(program: Command, ctx: CliContext): void {
  const usage = (message: string) => {
    write(ctx.io.stderr, `error: ${message}`);
    ctx.exit(EXIT.usage);
  };

  serveCommand(program)
    .command("wright-agent")
    .description(
      "The stateful wright-agent/v1 mock (like `wright serve`): serves a project fixture over stdin/stdout until stdin closes. stdio: one JSON request per line; jsonrpc: newline-delimited JSON-RPC 2.0 (method request + aliases compile/check/analyze/inspect); mcp: MCP over stdio (initialize, ping, tools/list, tools/call). Advertises all 24 operations. The fixture is re-read by every program-reading request; a missing or broken one is refused with input-io / parse-error until repaired. See docs/wright-agent.md.",
    )
    .addOption(new Option("--transport <name>", "request transport: stdio | jsonrpc | mcp").default("stdio"))
    .addOption(
      new Option(
        "--fixture <file>",
        "project fixture (wright-agent-fixture/v1 JSON); default: the bundled two-file Workshop project. `-` is not valid: stdin carries requests",
      ),
    )
    .addHelpText("after", EXIT_CODES_HELP)
    .action(async (opts: { transport: string; fixture?: string }) => {
      if (!(TRANSPORTS as readonly string[]).includes(opts.transport))
        return usage(`--transport must be one of ${TRANSPORTS.join(", ")}, got ${JSON.stringify(opts.transport)}`);
      if (opts.fixture !== undefined && (opts.fixture === "-" || opts.fixture.trim() === "")) {
        return usage(
          `--fixture ${JSON.stringify(opts.fixture)} is not a valid source input: standard input carries requests`,
        );
      }
      const { serveToolService } = await import("../wright-agent/host/serve.js");
      const { existsSync } = await import("node:fs");
      const { createMockService, BUNDLED_FIXTURE_PATH } = await import("../wright-agent/mock/index.js");
      const fixturePath = opts.fixture ?? BUNDLED_FIXTURE_PATH;
      if (!existsSync(fixturePath))
        write(
          ctx.io.stderr,
          `warning: fixture ${fixturePath} does not exist yet; program-reading requests refuse with input-io until it does`,
        );
      const service = createMockService({ fixturePath, cwd: process.cwd() });
      try {
        await serveToolService(service, {
          transport: opts.transport as (typeof TRANSPORTS)[number],
          input: ctx.io.stdin,
          output: ctx.io.stdout,
        });
      } catch (e) {
        // The client went away mid-reply: nothing left to serve.
        const code = (e as NodeJS.ErrnoException).code;
        if (code !== "EPIPE" && code !== "ERR_STREAM_DESTROYED") throw e;
      }
    });

  toolsCommand(program)
    .command("wright-agent")
    .description(
      'Client tool definitions for every advertised wright-agent/v1 operation, deterministic bytes. messages: {"contract":"wright-agent/v1","tools":[{name, description, input_schema, allowed_callers}]} (Anthropic Messages API client tools callable from code execution); json-schema: {"contract":"wright-agent/v1","schemas":{op: standalone request schema}}.',
    )
    .addOption(
      new Option("--format <format>", "output format").choices(TOOL_FORMATS as unknown as string[]).default("messages"),
    )
    .addOption(new Option("--operations <ops...>", "only these operations (default: all 24 the mock advertises)"))
    .addOption(
      new Option(
        "--target <command>",
        "ask a live server (started with this command, stdio transport) which operations it advertises, and emit only those",
      ),
    )
    .addHelpText("after", EXIT_CODES_HELP)
    .action(async (opts: { format: (typeof TOOL_FORMATS)[number]; operations?: string[]; target?: string }) => {
      const { OPERATION_NAMES } = await import("../wright-agent/contract.js");
      const { renderToolDefinitions } = await import("../wright-agent/tools.js");
      const unknown = (opts.operations ?? []).filter((op) => !(OPERATION_NAMES as readonly string[]).includes(op));
      if (unknown.length)
        return usage(`unknown operation(s) ${unknown.join(", ")} (known: ${OPERATION_NAMES.join(", ")})`);
      let operations = opts.operations;
      if (opts.target) {
        // capabilities first: the server's advertised set, in catalog order, narrowed by --operations.
        const { connectWrightAgent } = await import("../wright-agent/client/index.js");
        const client = await connectWrightAgent({ command: opts.target, transport: "stdio" });
        try {
          const advertised = new Set(client.operations);
          operations = OPERATION_NAMES.filter(
            (op) => advertised.has(op) && (!opts.operations || opts.operations.includes(op)),
          );
          // Never drop silently what the server offers and this contract does not describe.
          const foreign = [...advertised].filter((op) => !(OPERATION_NAMES as readonly string[]).includes(op));
          if (foreign.length)
            ctx.io.stderr.write(
              `note: the target advertises operations wright-agent/v1 does not define, so no tool definitions were emitted for them: ${foreign.join(", ")}\n`,
            );
        } finally {
          await client.close();
        }
      }
      ctx.io.stdout.write(renderToolDefinitions(opts.format, operations));
    });
}
