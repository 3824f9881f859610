/**
 * Starting and stopping one daemon for one root, in this process: the instance lock, the store,
 * the analysis, the engine and the HTTP server on `<root>/.wit/daemon.sock` (0600, inside the
 * 0700 `.wit/`). `runDaemonProcess` (process.ts) wraps this for `contract-suite wit daemon run`.
 */
import { chmodSync, lstatSync, readFileSync, realpathSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import type http from "node:http";
import path from "node:path";
import { Analyzer } from "../analysis/index.js";
import { assetPath } from "../../assets.js";
import type { JsonValue } from "../../json/index.js";
import { witErrors, witMethods } from "../../generated/wit/methods.js";
import { RpcError } from "../../rpc/errors.js";
import { createRpcEngine } from "../../rpc/engine.js";
import type { MethodTable } from "../../rpc/types.js";
import { ensureWitDirectory } from "../client/lifecycle.js";
import { WIT_ENVELOPE, WIT_LIMITS, WIT_VERSION, witPaths, type WitLimits } from "../protocol.js";
import { connectablePath, removeAlias } from "../socket-path.js";
import { WitStore, type Synchronous } from "../store/index.js";
import { systemClock, type Clock } from "./clock.js";
import type { DaemonCore } from "./core.js";
import { createWitHandlers } from "./handlers.js";
import type { WitHandlers } from "../../generated/wit/handlers.js";
import { createHttpServer } from "./http.js";
import { acquireInstanceLock } from "./instance-lock.js";

export interface DaemonOptions {
  root: string;
  /**
   * The time source of every lock, intent and contract. Default the system clock. Only this
   * in-process API takes it (an embedding program or a test that owns the process); the CLI and
   * the daemon process never read a clock from their environment (decision 055).
   */
  clock?: Clock;
  synchronous?: Synchronous;
  /**
   * Wraps the method handlers before they are served (in-process API only): an embedding program
   * can add logging or policy around them. Nothing in the shipped daemon uses it.
   */
  decorateHandlers?: (handlers: WitHandlers, core: DaemonCore) => WitHandlers;
  /** The transport and content limits (the lengths, list sizes and TTL range are the contract's schema: decision 228). */
  limits?: Partial<Pick<WitLimits, "maxBodyBytes" | "maxJsonDepth" | "maxBatch" | "maxFileContentBytes">>;
  /** Build the caller graph in the background at start. Default true. */
  warmUp?: boolean;
  log?: (message: string) => void;
}

export interface RunningDaemon {
  readonly root: string;
  readonly socketPath: string;
  /** What the server is bound to: the socket path, or its short alias for a deep root. */
  readonly listenPath: string;
  readonly clock: Clock;
  readonly store: WitStore;
  close(): Promise<void>;
}

/** Methods that declare no params and no errors (ping): whatever params they are sent, they answer. */
// Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent: ping alone declares no params, and ping alone no errors
const declaresNothing = (m: { params: readonly unknown[]; errors: readonly unknown[] }) => m.params.length === 0 && m.errors.length === 0;
const PARAMLESS_METHODS: ReadonlySet<string> = new Set(Object.values(witMethods as MethodTable).filter(declaresNothing).map((m) => m.name));

/** The refusal of a request without `witVersion: "1"` (decision 049). */
export function checkWitVersion(request: Record<string, unknown>): RpcError | undefined {
  if (request.witVersion === WIT_VERSION) return undefined;
  // Stryker disable next-line StringLiteral: own choice: INVALID_REQUEST's data (field errors) beyond code and message
  const problem = Object.prototype.hasOwnProperty.call(request, "witVersion") ? `unsupported witVersion ${JSON.stringify(request.witVersion)}; this daemon speaks "${WIT_VERSION}"` : `required: every request carries "witVersion": "${WIT_VERSION}"`;
  // Stryker disable next-line ArrayDeclaration,ObjectLiteral: own choice: INVALID_REQUEST's data (field errors) beyond code and message
  return RpcError.from(witErrors.InvalidRequest, { formErrors: [], fieldErrors: { witVersion: [problem] } });
}

export async function startDaemon(options: DaemonOptions): Promise<RunningDaemon> {
  const log = options.log ?? (() => undefined);
  const paths = witPaths(options.root);
  // Stryker disable next-line ConditionalExpression,StringLiteral: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
  if (!statSync(paths.root).isDirectory()) throw new Error(`the root ${paths.root} is not a directory`);
  const realRoot = realpathSync(paths.root);
  ensureWitDirectory(paths.root);
  writeGitignore(paths.dir);
  // Stryker disable BlockStatement,StringLiteral: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
  const lock = acquireInstanceLock(paths.instanceLock, () => {
    const pid = readPidFile(paths.pidFile);
    return `a Wit daemon is already running for ${paths.root}${pid ? ` (pid ${pid})` : ""}; stop it with \`contract-suite wit daemon stop --root ${paths.root}\``;
  });
  // Stryker restore BlockStatement,StringLiteral
  // Stryker disable next-line ArrayDeclaration,ArrowFunction: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
  const cleanup: (() => void)[] = [() => lock.release()];
  try {
    const clock: Clock = options.clock ?? systemClock;
    const limits: WitLimits = { ...WIT_LIMITS, ...options.limits };
    // Stryker disable next-line ArrowFunction,BooleanLiteral,ObjectLiteral: not a protocol check: how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)
    const store = WitStore.open(paths.database, { now: () => clock.now(), synchronous: options.synchronous, groupCommit: true });
    // Stryker disable next-line ArrowFunction: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
    cleanup.unshift(() => store.close());
    // File events keep the caller graph fresh; cookies go to .wit/sync, outside the analysed tree.
    // Stryker disable next-line ObjectLiteral,StringLiteral: not a protocol check: the caller graph kept fresh while files change under a running daemon (the watcher and its sync cookies)
    const analyzer = await Analyzer.open(realRoot, { maxFileBytes: limits.maxFileContentBytes, log, watch: { syncDir: path.join(paths.dir, "sync") } });
    // Stryker disable next-line ArrowFunction: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
    cleanup.unshift(() => analyzer.close());
    // Stryker disable ArrowFunction,BlockStatement,BooleanLiteral,ConditionalExpression,LogicalOperator,OptionalChaining,StringLiteral: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
    if (options.warmUp ?? true) {
      analyzer.callGraph().then(
        (g) => log(`caller graph ready: ${analyzer.stats().lastScan?.files ?? 0} files, ${g.edgeCount} call edges`),
        (e) => log(`caller graph warm-up failed: ${(e as Error).message}`),
      );
    }
    // Stryker restore ArrowFunction,BlockStatement,BooleanLiteral,ConditionalExpression,LogicalOperator,OptionalChaining,StringLiteral
    const document = witOpenRpcDocument();
    const core: DaemonCore = { root: realRoot, store, analyzer, clock, limits, log };
    const handlers = createWitHandlers(core);
    const engine = createRpcEngine({
      methods: witMethods,
      handlers: options.decorateHandlers ? options.decorateHandlers(handlers, core) : handlers,
      // Stryker disable next-line BooleanLiteral: own choice: the engine's hooks: ignoresParams, checkRequest, the handler context, missing handlers, undeclared and internal errors, validateResults
      validateResults: true,
      responseEnvelope: { ...WIT_ENVELOPE },
      checkRequest: checkWitVersion,
      methodNotFound: witErrors.MethodNotFound,
      invalidRequest: witErrors.InvalidRequest,
      // A method with no params and no errors (ping) answers whatever params it is sent.
      // Stryker disable next-line ArrowFunction: own choice: which requests skip params validation (rpc.discover, the ignoresParams hook)
      ignoresParams: (method) => PARAMLESS_METHODS.has(method),
      // rpc.discover answers the contract itself (decision 153): one document, read once.
      discover: () => document,
      maxBatch: limits.maxBatch,
      // Stryker disable next-line ObjectLiteral: own choice: the JSON parse limits (the body size the HTTP layer caps first, the nesting depth 64 of decision 050)
      parse: { maxBytes: limits.maxBodyBytes, maxDepth: limits.maxJsonDepth },
      // Stryker disable next-line ArrowFunction,LogicalOperator,StringLiteral: own choice: the daemon's log (diagnostics for its operator)
      onInternalError: (method, e) => log(`internal error in ${method}: ${(e as Error).stack ?? String(e)}`),
      // Stryker disable next-line ArrowFunction,StringLiteral: own choice: the daemon's log (diagnostics for its operator)
      onUndeclaredError: (method, e) => log(`${method} answered an undeclared error ${e.code} ${e.message}`),
    });
    // Stryker disable next-line ArrowFunction: not a protocol check: an answer waits for its commit (group commit)
    const server = createHttpServer({ engine, limits, log, durable: () => store.durable() });
    reclaimStaleSocket(paths.socket);
    // Stryker disable next-line BooleanLiteral,ObjectLiteral: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
    const listenPath = connectablePath(paths.socket, { create: true });
    await listen(server, listenPath);
    // After listen, a failed accept (EMFILE under load) is emitted here: logged, never an uncaught throw.
    // Stryker disable next-line ArrowFunction,StringLiteral: own choice: the daemon's log (diagnostics for its operator)
    server.on("error", (e) => log(`server error (still serving): ${e.message}`));
    // Stryker disable next-line ArrowFunction: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
    cleanup.unshift(() => server.close());
    chmodSync(paths.socket, 0o600);
    const socketIno = lstatSync(paths.socket).ino;
    // Stryker disable next-line ObjectLiteral,StringLiteral: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
    writeFileSync(paths.pidFile, `${process.pid}\n`, { mode: 0o600 });
    // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: own choice: the daemon's log (diagnostics for its operator)
    log(`listening on ${paths.socket}${listenPath !== paths.socket ? ` (bound through ${listenPath})` : ""}, pid ${process.pid}`);

    let closing: Promise<void> | null = null;
    return {
      root: paths.root,
      socketPath: paths.socket,
      listenPath,
      clock,
      store,
      // Stryker disable next-line BlockStatement: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
      close() {
        // Stryker disable next-line AssignmentOperator,BlockStatement: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
        closing ??= (async () => {
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeIdleConnections();
            // Stryker disable next-line ArrowFunction: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
            setTimeout(() => server.closeAllConnections(), 2_000).unref();
          });
          removeIfSame(paths.socket, socketIno);
          // Stryker disable next-line ConditionalExpression,EqualityOperator: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
          if (listenPath !== paths.socket) removeAlias(paths.socket);
          // Stryker disable next-line BooleanLiteral,ConditionalExpression,EqualityOperator,ObjectLiteral: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
          if (readPidFile(paths.pidFile) === process.pid) rmSync(paths.pidFile, { force: true });
          analyzer.close();
          store.close();
          lock.release();
        })();
        return closing;
      },
    };
  }
  // Stryker disable next-line BlockStatement: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
  catch (e) {
    // Stryker disable next-line BlockStatement: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
    for (const undo of cleanup) {
      // Stryker disable next-line BlockStatement: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
      try {
        undo();
      } catch {
        /* already failing */
      }
    }
    throw e;
  }
}

let witDocumentCache: JsonValue | undefined;
/** The Wit OpenRPC document as shipped (the repository's contracts/, or the installed CLI's copy). */
export function witOpenRpcDocument(): JsonValue {
  witDocumentCache ??= JSON.parse(readFileSync(assetPath("contracts/wit/openrpc.json"), "utf8")) as JsonValue;
  return witDocumentCache;
}

/** `.wit/` holds the database, its WAL, the log, pid and socket: never something to commit. */
// Stryker disable next-line BlockStatement: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
function writeGitignore(dir: string): void {
  const file = path.join(dir, ".gitignore");
  // Stryker disable next-line BlockStatement: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
  try {
    // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
    if (readFileSync(file, "utf8") === GITIGNORE) return;
  } catch {
    /* absent */
  }
  // Stryker disable next-line ObjectLiteral: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
  writeFileSync(file, GITIGNORE, { mode: 0o600 });
}
// Stryker disable next-line StringLiteral: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
const GITIGNORE = "# written by the Wit daemon: nothing in .wit/ belongs in the repository\n*\n";

function listen(server: http.Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // Stryker disable next-line StringLiteral: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
    server.once("error", reject);
    server.listen(path, () => {
      // Stryker disable next-line StringLiteral: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
      server.off("error", reject);
      resolve();
    });
  });
}

/** Only called with the instance lock held: a socket file left here belongs to a dead daemon. */
// Stryker disable next-line BlockStatement: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
function reclaimStaleSocket(socket: string): void {
  let st;
  try {
    st = lstatSync(socket);
  } catch {
    return;
  }
  // Stryker disable next-line BooleanLiteral,ConditionalExpression,StringLiteral: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
  if (!st.isSocket()) throw new Error(`${socket} exists and is not a socket; refusing to replace it`);
  unlinkSync(socket);
}

// Stryker disable all: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
function removeIfSame(file: string, ino: number): void {
  try {
    if (lstatSync(file).ino === ino) unlinkSync(file);
  } catch {
    /* already gone */
  }
}

// Stryker restore all
// Stryker disable all: not a protocol check: start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file
function readPidFile(file: string): number | null {
  try {
    const n = Number(readFileSync(file, "utf8").trim());
    return Number.isSafeInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

// Stryker restore all