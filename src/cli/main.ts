/**
 * contract-suite command line. Thin wiring: every command lives in a module of its own and only
 * parses options, calls the library and renders.
 */
import { Command, CommanderError } from "commander";
import { createContext, EXIT, EXIT_CODES_HELP, type Io } from "./context.js";
import { registerCoreCommands, UsageError } from "./commands.js";
import { RegistryError } from "../contracts/index.js";
import { registerFrameWireCommands } from "./frame-wire-commands.js";
import { registerMirrorCommand } from "./mirror-command.js";
import { registerWitCommands } from "./wit-commands.js";
import { registerLangCommands } from "./lang-commands.js";
import { registerWrightAgentCommands } from "./wright-agent-commands.js";

export function buildProgram(ctx: ReturnType<typeof createContext>): Command {
  const program = new Command("contract-suite")
    .description("Schema-first contract suite: validate, generate, lint, diff and conformance-test the frame-wire, Wit and wright-agent contracts.")
    .version("0.1.0")
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({
      writeOut: (s) => ctx.io.stdout.write(s),
      writeErr: (s) => ctx.io.stderr.write(s),
    })
    .addHelpText("after", EXIT_CODES_HELP);
  registerCoreCommands(program, ctx);
  registerFrameWireCommands(program, ctx);
  registerMirrorCommand(program, ctx);
  registerWitCommands(program, ctx);
  registerLangCommands(program, ctx);
  registerWrightAgentCommands(program, ctx);
  // Every command and subcommand: commander errors surface as exit code 2, not process.exit.
  const all = (c: Command): Command[] => [c, ...c.commands.flatMap(all)];
  for (const cmd of all(program)) cmd.exitOverride();
  return program;
}

export async function main(argv: string[], io: Io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin }): Promise<number> {
  const ctx = createContext(io);
  const program = buildProgram(ctx);
  try {
    await program.parseAsync(argv);
    return ctx.code;
  } catch (e) {
    if (e instanceof CommanderError) {
      // --help and --version are "errors" to commander with exit code 0.
      return e.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (e instanceof UsageError || e instanceof RegistryError) {
      io.stderr.write(`error: ${e.message}\n`);
      return EXIT.usage;
    }
    io.stderr.write(`internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return EXIT.internal;
  }
}
