/**
 * contract-suite command line. Thin wiring: every command lives in a module of its own and only
 * parses options, calls the library and renders.
 */
import { Command, CommanderError } from "commander";
import { createContext, EXIT, EXIT_CODES_HELP, UsageError, write, type CliContext, type Io } from "./context.js";
import { RegistryError } from "../contracts/errors.js";
import { terminalText } from "../report/terminal.js";
import { nativeModuleProblem } from "../wit/native-module.js";
import { createRequire } from "node:module";

/** The version of the package this file ships in (the repository root and packages/cli agree). */
const VERSION = (createRequire(import.meta.url)("../../package.json") as { version: string }).version;

type Registrar = (program: Command, ctx: CliContext) => void;

/**
 * Which module registers which top-level command. Only the modules the invoked command needs are
 * imported (all of them for top-level help), so `frame-wire fold` does not pay for codegen,
 * SQLite or quicktype at start-up: conformance runners spawn such commands once per vector.
 */
export const MODULES: { commands: string[]; load: () => Promise<Registrar> }[] = [
  { commands: ["validate", "gen", "conform"], load: async () => (await import("./commands.js")).registerCoreCommands },
  { commands: ["init"], load: async () => (await import("./init-command.js")).registerInitCommand },
  { commands: ["check"], load: async () => (await import("./check-command.js")).registerCheckCommand },
  { commands: ["diff", "lint"], load: async () => (await import("./review-commands.js")).registerReviewCommands },
  {
    commands: ["frame-wire", "serve"],
    load: async () => (await import("./frame-wire-commands.js")).registerFrameWireCommands,
  },
  { commands: ["mirror"], load: async () => (await import("./mirror-command.js")).registerMirrorCommand },
  { commands: ["wit"], load: async () => (await import("./wit-commands.js")).registerWitCommands },
  { commands: ["proxy"], load: async () => (await import("./proxy-commands.js")).registerProxyCommands },
  { commands: ["gen-lang"], load: async () => (await import("./lang-commands.js")).registerLangCommands },
  {
    commands: ["tools", "serve"],
    load: async () => (await import("./wright-agent-commands.js")).registerWrightAgentCommands,
  },
];

/**
 * One line per top-level command for the top-level help, so `contract-suite --help` loads no command
 * module at all (the full descriptions are each command's own `--help`). A test keeps this table and
 * MODULES in step.
 */
export const SUMMARIES: Record<string, string> = {
  init: "start a registry (contracts/index.json, lint.json) for your own documents",
  validate: "validate every contract document against its meta-schema",
  gen: "generate types, validators, clients and handlers (yours too: --registry --out)",
  conform: "run a conformance suite against our implementation or a live one",
  check: "the CI gate: validate, gen --check, lint, mirror, compatibility, conformance",
  diff: "breaking / compatible / needs-review between two versions of a document",
  lint: "lint registered contracts (or documents) with the rule registry",
  "frame-wire": "frame-wire tools (the reference fold as a command)",
  serve: "run a reference server or mock on loopback (frame-wire, wright-agent)",
  mirror: "compare a JSON Schema contract with its OpenAPI mirror",
  wit: "the Wit daemon, its git hook, and commands for people",
  proxy: "check live traffic between a client and a server (frame-wire, wit, wright-agent), record it",
  "gen-lang": "generate the contracts' types in other languages",
  tools: "emit client tool definitions for code-executing agents",
};

/** The first argument that is not an option: the command to run (undefined for top-level help). */
function invoked(argv: string[]): string | undefined {
  return argv.slice(2).find((a) => !a.startsWith("-"));
}

export async function buildProgram(ctx: CliContext, argv: string[] = []): Promise<Command> {
  const program = new Command("contract-suite")
    .description(
      "Schema-first contract suite: validate, generate, lint, diff and conformance-test the frame-wire, Wit and wright-agent contracts.",
    )
    .version(VERSION)
    // A usage error is one line (plus commander's "did you mean" when it has one), not a wall of help.
    .showHelpAfterError(false)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => ctx.io.stdout.write(terminalText(s)),
      writeErr: (s) => ctx.io.stderr.write(terminalText(s)),
    })
    .addHelpText("after", EXIT_CODES_HELP);
  const name = invoked(argv);
  const topLevelHelp =
    name === undefined || (name === "help" && argv.slice(2).filter((a) => !a.startsWith("-")).length === 1);
  const known = MODULES.some((m) => m.commands.includes(name ?? ""));
  // Top-level help and an unknown command (commander suggests the nearest name) need only the names.
  if (topLevelHelp || !known) {
    for (const [command, summary] of Object.entries(SUMMARIES)) program.command(command).description(summary);
  } else {
    for (const m of MODULES) if (m.commands.includes(name!)) (await m.load())(program, ctx);
  }
  // Every command and subcommand: commander errors surface as exit code 2, not process.exit.
  const all = (c: Command): Command[] => [c, ...c.commands.flatMap(all)];
  for (const cmd of all(program)) cmd.exitOverride();
  return program;
}

export async function main(
  argv: string[],
  io: Io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin },
): Promise<number> {
  const ctx = createContext(io);
  const program = await buildProgram(ctx, argv);
  try {
    await program.parseAsync(argv);
    return ctx.code;
  } catch (e) {
    if (e instanceof CommanderError) {
      // --help and --version are "errors" to commander with exit code 0.
      return e.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (e instanceof UsageError || e instanceof RegistryError) {
      write(io.stderr, `error: ${e.message}`);
      return EXIT.usage;
    }
    // A native module built for another Node (better-sqlite3's ABI): how the machine is set up.
    const native = nativeModuleProblem(e);
    if (native) {
      write(io.stderr, `error: ${native.message}`);
      return EXIT.usage;
    }
    write(io.stderr, `internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    return EXIT.internal;
  }
}
