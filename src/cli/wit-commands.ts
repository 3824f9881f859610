/**
 * `contract-suite wit ...`: the daemon's lifecycle (start/stop/status/run), the git hook, and small
 * commands for a person (status, lock, release, declare, update, propose, respond, check). Client
 * commands never load SQLite or tree-sitter; only `wit daemon run` imports the daemon.
 */
import { statSync } from "node:fs";
import os from "node:os";
import { Command, Option } from "commander";
import { RpcError } from "../rpc/errors.js";
import {
  autoStartDaemon,
  DaemonStartError,
  createWitClient,
  markStopped,
  daemonStatus,
  defaultRoot,
  startDaemonProcess,
  stopDaemonProcess,
  witErrorName,
  WitUnavailableError,
  type WitSocketClient,
} from "../wit/client/index.js";
import { HookInstallError, installHook, uninstallHook } from "../wit/hook/install.js";
import {
  checkFiles,
  HOOK_TIMEOUT_MS,
  renderViolations,
  runPreCommit,
  type PreCommitResult,
} from "../wit/hook/pre-commit.js";
import { witPaths } from "../wit/protocol.js";
import { SocketPathError } from "../wit/socket-path.js";
import { nativeModuleProblem } from "../wit/native-module.js";
import { EXIT, EXIT_CODES_HELP, write, type CliContext } from "./context.js";
import { UsageError } from "./context.js";
import { terminalField as f } from "../report/terminal.js";

/** The least time the daemon is given by the hook, whatever start-up took. */
const MIN_CHECK_MS = 1_500;

const WIT_EXIT_HELP = `${EXIT_CODES_HELP}  For wit commands, 1 also means: the daemon refused the request (e.g. LOCK_CONFLICT),
  check found contract violations, or the daemon could not be reached or started, or was stopped:
  after \`wit daemon stop\` no command starts the daemon on use (they say so and exit 1) until
  \`wit daemon start\`.
`;

interface CommonOptions {
  root?: string;
  format: "text" | "json";
  json?: boolean;
}
interface SessionOptions extends CommonOptions {
  session: string;
  start: boolean;
}

function defaultSession(): string {
  if (process.env.WIT_SESSION) return process.env.WIT_SESSION;
  try {
    return `person:${os.userInfo().username}`;
  } catch {
    return "person:unknown";
  }
}

function withCommon(cmd: Command): Command {
  return cmd
    .addOption(new Option("--root <dir>", "repository root (default: the git top level of the current directory)"))
    .addOption(new Option("--format <format>", "output format").choices(["text", "json"]).default("text"))
    .option("--json", "same as --format json")
    .addHelpText("after", WIT_EXIT_HELP);
}

function withSession(cmd: Command): Command {
  return withCommon(cmd)
    .addOption(
      new Option("--session <id>", "session id (default: $WIT_SESSION, else person:<user>)").default(defaultSession()),
    )
    .option(
      "--no-start",
      "do not start the daemon when none is running (one stopped with `wit daemon stop` is never started on use)",
    );
}

/** The root named by --root (a user error, exit 2, when it is not a directory), else the git top level. */
function rootOf(o: CommonOptions): string {
  if (!o.root) return defaultRoot();
  const root = witPaths(o.root).root;
  let isDir = false;
  try {
    isDir = statSync(root).isDirectory();
  } catch {
    isDir = false;
  }
  if (!isDir) throw new UsageError(`--root ${o.root}: not a directory`);
  return root;
}

/** A `file:symbol` argument: refused here (exit 2) rather than by the daemon. */
function symbolArg(value: string): string {
  if (!value.includes(":"))
    throw new UsageError(`"${value}" is not a symbol path: use <file>:<symbol>, e.g. src/auth.ts:validateToken`);
  return value;
}
const isJson = (o: CommonOptions) => o.json === true || o.format === "json";

export function registerWitCommands(program: Command, ctx: CliContext): void {
  const out = (o: CommonOptions, json: unknown, text: string) =>
    write(ctx.io.stdout, isJson(o) ? JSON.stringify(json, null, 2) : text);

  /** Runs an action, turning the daemon's refusals and unreachability into exit code 1. */
  const guarded =
    <O extends CommonOptions, A extends unknown[]>(action: (o: O, ...args: A) => Promise<void>) =>
    async (...all: unknown[]) => {
      const cmd = all[all.length - 1] as Command;
      const o = cmd.opts() as O;
      const args = all.slice(0, -2) as A;
      try {
        await action(o, ...args);
      } catch (e) {
        if (e instanceof RpcError) {
          const name = witErrorName(e) ?? String(e.code);
          if (isJson(o))
            write(
              ctx.io.stdout,
              JSON.stringify({ ok: false, error: { code: e.code, message: e.message, data: e.data ?? null } }, null, 2),
            );
          write(ctx.io.stderr, `wit: ${name}${e.data !== undefined ? ` ${JSON.stringify(e.data)}` : ""}`);
          // INVALID_REQUEST: the daemon refused what the person typed (a path outside the root...).
          return ctx.exit(e.code === -32600 ? EXIT.usage : EXIT.failed);
        }
        if (e instanceof HookInstallError) {
          // Not a git repository, or a foreign hook without --force: the person's to fix.
          write(ctx.io.stderr, `wit: ${e.message}`);
          return ctx.exit(EXIT.usage);
        }
        // A daemon started on first use that could not load better-sqlite3: a setup error, one line.
        const native = nativeModuleProblem(e);
        if (native) {
          write(ctx.io.stderr, `wit: ${native.message}`);
          return ctx.exit(EXIT.usage);
        }
        if (e instanceof WitUnavailableError || e instanceof DaemonStartError || e instanceof SocketPathError) {
          write(ctx.io.stderr, `wit: ${e.message}`);
          return ctx.exit(EXIT.failed);
        }
        throw e;
      }
    };

  const client = (o: SessionOptions): WitSocketClient =>
    createWitClient({ root: rootOf(o), autoStart: o.start, validateResults: true, timeoutMs: 30_000 });
  const using = async <T>(o: SessionOptions, fn: (c: WitSocketClient) => Promise<T>): Promise<T> => {
    const c = client(o);
    try {
      return await fn(c);
    } finally {
      await c.close();
    }
  };

  const wit = program
    .command("wit")
    .description("Wit agent coordination: the reference daemon, its git hook, and commands for people.")
    .addHelpText("after", WIT_EXIT_HELP);

  // ---- daemon lifecycle -------------------------------------------------------------------
  const daemon = wit
    .command("daemon")
    .description("Start, stop or inspect the root's Wit daemon.")
    .addHelpText("after", WIT_EXIT_HELP);

  withCommon(daemon.command("start"))
    .description(
      "Start the daemon in the background (detached, logging to .wit/daemon.log); returns once its socket answers. Idempotent: when one is already running, says so and exits 0.",
    )
    .addOption(
      new Option(
        "--synchronous <level>",
        "SQLite synchronous level: NORMAL survives a killed process, FULL also power loss",
      )
        .choices(["NORMAL", "FULL"])
        .default("NORMAL"),
    )
    .action(
      guarded(async (o: CommonOptions & { synchronous: string }) => {
        const r = await startDaemonProcess(rootOf(o), { args: ["--synchronous", o.synchronous] });
        if (r.alreadyRunning) {
          out(o, { ok: true, ...r }, `a Wit daemon is already running for ${r.root}${r.pid ? ` (pid ${r.pid})` : ""}`);
          return;
        }
        out(o, { ok: true, ...r }, `Wit daemon started for ${r.root} (pid ${r.pid}, socket ${r.socket})`);
      }),
    );

  withCommon(daemon.command("stop"))
    .description(
      "Stop the root's daemon (SIGTERM; SIGKILL after 10 s). It stays stopped: other wit commands and clients do not start it on use until `wit daemon start`. Exit 0 also when none was running (with a note).",
    )
    .action(
      guarded(async (o: CommonOptions) => {
        const root = rootOf(o);
        const r = await stopDaemonProcess(root);
        markStopped(root);
        out(
          o,
          { ok: true, ...r },
          r.wasRunning
            ? `Wit daemon for ${r.root} stopped (pid ${r.pid})`
            : `no Wit daemon is running for ${r.root}: nothing to stop (it stays stopped until \`wit daemon start\`)`,
        );
      }),
    );

  withCommon(daemon.command("status"))
    .description(
      "Whether the root's daemon answers, its pid, socket and log; never starts one. Exit 1 when it does not answer.",
    )
    .action(
      guarded(async (o: CommonOptions) => {
        const s = await daemonStatus(rootOf(o));
        out(
          o,
          s,
          s.running
            ? `running: pid ${s.pid ?? "?"}, socket ${s.socket}, log ${s.logFile}`
            : s.stoppedByPerson
              ? `not running: stopped with \`wit daemon stop\` (start it with \`wit daemon start\`; socket ${s.socket})`
              : `not running (socket ${s.socket})`,
        );
        if (!s.running) ctx.exit(EXIT.failed);
      }),
    );

  daemon
    .command("run")
    .description(
      "Run the daemon in the foreground until SIGTERM/SIGINT (what `start` runs detached). Exit 2 when a daemon already runs for the root.",
    )
    .addOption(new Option("--root <dir>", "repository root (default: the git top level of the current directory)"))
    .addOption(
      new Option("--synchronous <level>", "SQLite synchronous level").choices(["NORMAL", "FULL"]).default("NORMAL"),
    )
    .addHelpText("after", WIT_EXIT_HELP)
    .action(async (o: { root?: string; synchronous: "NORMAL" | "FULL" }) => {
      const { runDaemonProcess, DaemonAlreadyRunningError } = await import("../wit/daemon/index.js");
      const { StoreError } = await import("../wit/store/index.js");
      try {
        ctx.exit(
          await runDaemonProcess({ root: rootOf({ ...o, format: "text" }), synchronous: o.synchronous }, ctx.io.stdout),
        );
      } catch (e) {
        const native = nativeModuleProblem(e);
        if (native) {
          write(ctx.io.stderr, `wit: ${native.message}`);
          return ctx.exit(EXIT.usage);
        }
        // The root's socket is taken (another daemon holds it): a busy address, like a port in use.
        if (e instanceof DaemonAlreadyRunningError) {
          write(ctx.io.stderr, `wit: ${e.message}`);
          return ctx.exit(EXIT.usage);
        }
        if (e instanceof SocketPathError || e instanceof StoreError || e instanceof DaemonStartError) {
          write(ctx.io.stderr, `wit: ${e.message}`);
          return ctx.exit(EXIT.failed);
        }
        throw e;
      }
    });

  // ---- git hook ---------------------------------------------------------------------------
  const hook = wit
    .command("hook")
    .description("The pre-commit hook that enforces accepted contracts.")
    .addHelpText("after", WIT_EXIT_HELP);

  withCommon(hook.command("install"))
    .description(
      "Install the pre-commit hook: staged .ts/.tsx/.js/.jsx/.py content goes to check-contracts (2 s timeout, fails open); a violation blocks the commit.",
    )
    .option("--force", "replace a pre-commit hook that wit did not install (kept as pre-commit.wit-backup)")
    .action(
      guarded(async (o: CommonOptions & { force?: boolean }) => {
        const r = installHook(rootOf(o), { force: o.force });
        out(o, { ok: true, ...r }, `installed ${r.path}${r.backup ? ` (previous hook kept as ${r.backup})` : ""}`);
      }),
    );

  withCommon(hook.command("uninstall"))
    .description("Remove the hook if wit installed it.")
    .action(
      guarded(async (o: CommonOptions) => {
        const r = uninstallHook(rootOf(o));
        out(o, r, r.removed ? `removed ${r.path}` : `no wit hook at ${r.path}`);
      }),
    );

  withCommon(hook.command("run"))
    .description(
      "What the installed hook runs: check the staged files. Exit 1 only on a violation; an unreachable or silent daemon lets the commit proceed.",
    )
    .option("--timeout <ms>", "deadline for the daemon's answer", String(HOOK_TIMEOUT_MS))
    .option(
      "--from-process-start",
      "count the deadline from this process's start (the installed hook passes it: the budget covers node start-up too)",
    )
    .action(
      guarded(async (o: CommonOptions & { timeout: string; fromProcessStart?: boolean }) => {
        // The daemon still gets 1.5 s when start-up alone ate the budget (a slow machine is checked, not waved through).
        const budget = Number(o.timeout) - (o.fromProcessStart ? performance.now() : 0);
        reportCheck(o, await runPreCommit(rootOf(o), Math.max(MIN_CHECK_MS, budget)));
      }),
    );

  const reportCheck = (o: CommonOptions, r: PreCommitResult) => {
    if (isJson(o)) write(ctx.io.stdout, JSON.stringify(r, null, 2));
    for (const s of r.skipped) write(ctx.io.stderr, `wit: not checked: ${f(s.path)} (${f(s.reason)})`);
    if (r.outcome === "violations") {
      write(ctx.io.stderr, renderViolations(r.violations));
      write(ctx.io.stderr, `wit: ${r.violations.length} contract violation(s); commit blocked`);
      return ctx.exit(EXIT.failed);
    }
    if (r.outcome === "unreachable" || r.outcome === "timeout" || r.outcome === "error") {
      write(ctx.io.stderr, `wit: contracts not checked (${r.outcome}: ${r.message ?? ""}); proceeding`);
    } else if (!isJson(o) && r.outcome === "clean")
      write(ctx.io.stdout, `wit: ${r.checkedFiles} file(s) checked, every accepted contract holds`);
  };

  // ---- commands for a person --------------------------------------------------------------
  withSession(wit.command("status"))
    .description("Active locks, live intents and contracts of the root's daemon.")
    .action(
      guarded(async (o: SessionOptions) => {
        const { locks, intents, contracts } = await using(o, async (c) => ({
          locks: await c.lock.query({}),
          intents: await c.intent.query({}),
          contracts: await c.contract.query({}),
        }));
        const lines = [
          `locks (${locks.length}):`,
          ...locks.map(
            (l) => `  ${f(l.symbolPath)}  held by ${f(l.sessionId)}, ${Math.round(l.ttlRemainingMs / 1000)} s left`,
          ),
          `intents, declared or active (${intents.length}):`,
          ...intents.map(
            (i) => `  ${f(i.intentId)}  ${i.status}  ${f(i.sessionId)}  ${f(i.files)}  ${f(i.description)}`,
          ),
          `contracts (${contracts.length}):`,
          ...contracts.map((c) => `  ${f(c.contractId)}  ${c.status}  ${f(c.symbolPath)}  ${f(c.signature)}`),
        ];
        out(o, { root: rootOf(o), locks, intents, contracts }, lines.join("\n"));
      }),
    );

  withSession(wit.command("lock"))
    .description(
      "Acquire (or refresh) a lock on <file>:<symbol>. Exit 1 with LOCK_CONFLICT when another session holds it.",
    )
    .argument("<symbolPath>", "e.g. src/auth.ts:validateToken")
    .option("--ttl <ms>", "lock TTL in milliseconds (default 30 minutes)")
    .action(
      guarded(async (o: SessionOptions & { ttl?: string }, symbolPath: string) => {
        const ttlMs = o.ttl === undefined ? undefined : parseIntOption(o.ttl, "--ttl");
        const r = await using(o, (c) =>
          c.lock.acquire({
            symbolPath: symbolArg(symbolPath),
            sessionId: o.session,
            ...(ttlMs === undefined ? {} : { ttlMs }),
          }),
        );
        const warn = r.warnings.map(
          (w) => `  warning: ${f(w.lockedSymbol)} (locked by ${f(w.heldBy)}) calls ${f(w.chain[1])}`,
        );
        out(o, r, [`locked ${f(r.symbolPath)} for ${f(r.sessionId)} until ${r.expiresAt}`, ...warn].join("\n"));
      }),
    );

  withSession(wit.command("release"))
    .description("Release a lock this session holds.")
    .argument("<symbolPath>")
    .action(
      guarded(async (o: SessionOptions, symbolPath: string) => {
        const r = await using(o, (c) => c.lock.release({ symbolPath: symbolArg(symbolPath), sessionId: o.session }));
        out(o, r, `released ${f(symbolPath)}`);
      }),
    );

  withSession(wit.command("declare"))
    .description(
      "Declare an intent to change files (and symbols); prints the conflict report. Conflicts are informational (exit 0).",
    )
    .argument("<description>")
    .requiredOption("--file <files...>", "repository-relative files")
    .option("--symbol <symbols...>", "symbol names in those files")
    .action(
      guarded(async (o: SessionOptions & { file: string[]; symbol?: string[] }, description: string) => {
        const files = o.file as [string, ...string[]];
        const r = await using(o, (c) =>
          c.intent.declare({ sessionId: o.session, description, files, ...(o.symbol ? { symbols: o.symbol } : {}) }),
        );
        const items = r.conflicts.items.map((i) =>
          i.type === "INTENT_OVERLAP"
            ? `  INTENT_OVERLAP with ${f(i.overlappingIntentId)} (${f(i.overlappingSessionId)}): ${f(i.description)}`
            : i.type === "LOCK_INTERSECTION"
              ? `  LOCK_INTERSECTION ${f(i.symbolPath)} locked by ${f(i.heldBy)} until ${i.expiresAt}`
              : `  DEP_CHAIN ${f(i.intentSymbol)} calls ${f(i.lockedCallee)}, locked by ${f(i.heldBy)}`,
        );
        out(
          o,
          r,
          [
            `declared intent ${f(r.intentId)}${r.conflicts.hasConflicts ? " with conflicts:" : " (no conflicts)"}`,
            ...items,
          ].join("\n"),
        );
      }),
    );

  withSession(wit.command("update"))
    .description("Move an intent forward: active, resolved or abandoned.")
    .argument("<intentId>")
    .argument("<status>", "active | resolved | abandoned")
    .action(
      guarded(async (o: SessionOptions, intentId: string, status: string) => {
        if (status !== "active" && status !== "resolved" && status !== "abandoned")
          throw new UsageError(`status must be active, resolved or abandoned, got "${status}"`);
        const r = await using(o, (c) => c.intent.update({ intentId, sessionId: o.session, status }));
        out(o, r, `intent ${f(r.intentId)} is now ${r.status}`);
      }),
    );

  withSession(wit.command("propose"))
    .description("Propose a contract on a symbol's current signature (read from disk).")
    .argument("<symbolPath>")
    .action(
      guarded(async (o: SessionOptions, symbolPath: string) => {
        const r = await using(o, (c) =>
          c.contract.propose({ sessionId: o.session, symbolPath: symbolArg(symbolPath) }),
        );
        out(o, r, `proposed contract ${f(r.contractId)}: ${f(r.symbolPath)} ${f(r.signature)}`);
      }),
    );

  withSession(wit.command("respond"))
    .description("Accept or reject another session's proposed contract.")
    .argument("<contractId>")
    .option("--accept", "accept the contract")
    .option("--reject", "reject the contract")
    .action(
      guarded(async (o: SessionOptions & { accept?: boolean; reject?: boolean }, contractId: string) => {
        if (o.accept === o.reject) throw new UsageError("give exactly one of --accept or --reject");
        const r = await using(o, (c) =>
          c.contract.respond({ contractId, sessionId: o.session, accept: o.accept === true }),
        );
        out(o, r, `contract ${f(r.contractId)} ${r.status}`);
      }),
    );

  withSession(wit.command("retire"))
    .description(
      "Retire an accepted contract (and the older ones of its symbol it superseded): the hook stops enforcing it. Exit 1 when it is not accepted.",
    )
    .argument("<contractId>")
    .action(
      guarded(async (o: SessionOptions, contractId: string) => {
        const r = await using(o, (c) => c.contract.retire({ contractId, sessionId: o.session }));
        out(o, r, `retired ${r.retired.map(f).join(", ")}: no longer enforced`);
      }),
    );

  withSession(wit.command("check"))
    .description(
      "Check content against accepted contracts: the staged files (what the hook checks), or the named files as they are on disk. Exit 1 on a violation or when the daemon cannot answer.",
    )
    .argument("[files...]", "repository-relative files to check as they are in the working tree")
    .action(
      guarded(async (o: SessionOptions, files: string[]) => {
        const root = rootOf(o);
        if (o.start) await autoStartDaemon(root);
        let r: PreCommitResult;
        if (files.length === 0) r = await runPreCommit(root, 30_000);
        else {
          const { readFileSync } = await import("node:fs");
          const path = await import("node:path");
          const staged = files.map((f) => ({ path: f, content: readFileSync(path.resolve(root, f), "utf8") }));
          r = await checkFiles(root, staged, 30_000);
        }
        reportCheck(o, r);
        if (r.outcome === "unreachable" || r.outcome === "timeout" || r.outcome === "error") ctx.exit(EXIT.failed);
      }),
    );
}

function parseIntOption(v: string, flag: string): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new UsageError(`${flag} takes an integer, got "${v}"`);
  return n;
}
