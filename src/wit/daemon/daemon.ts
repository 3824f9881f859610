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
import { clearStopped, ensureWitDirectory } from "../wit-directory.js";
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
const declaresNothing = (m: { params: readonly unknown[]; errors: readonly unknown[] }) =>
  m.params.length === 0 && m.errors.length === 0;
const PARAMLESS_METHODS: ReadonlySet<string> = new Set(
  Object.values(witMethods as MethodTable)
    .filter(declaresNothing)
    .map((m) => m.name),
);

/** The refusal of a request without `witVersion: "1"` (decision 049). */
export function checkWitVersion(request: Record<string, unknown>): RpcError | undefined {
  if (request.witVersion === WIT_VERSION) return undefined;
  const problem = Object.prototype.hasOwnProperty.call(request, "witVersion")
    ? `unsupported witVersion ${JSON.stringify(request.witVersion)}; this daemon speaks "${WIT_VERSION}"`
    : `required: every request carries "witVersion": "${WIT_VERSION}"`;
  return RpcError.from(witErrors.InvalidRequest, { formErrors: [], fieldErrors: { witVersion: [problem] } });
}

export async function startDaemon(options: DaemonOptions): Promise<RunningDaemon> {
  const log = options.log ?? (() => undefined);
  const paths = witPaths(options.root);
  if (!statSync(paths.root).isDirectory()) throw new Error(`the root ${paths.root} is not a directory`);
  const realRoot = realpathSync(paths.root);
  ensureWitDirectory(paths.root);
  writeGitignore(paths.dir);
  const lock = acquireInstanceLock(paths.instanceLock, () => {
    const pid = readPidFile(paths.pidFile);
    return `a Wit daemon is already running for ${paths.root}${pid ? ` (pid ${pid})` : ""}; stop it with \`contract-suite wit daemon stop --root ${paths.root}\``;
  });
  const cleanup: (() => void)[] = [() => lock.release()];
  // An explicit start: a stop a person recorded (`wit daemon stop`) no longer holds.
  clearStopped(paths.root);
  try {
    const clock: Clock = options.clock ?? systemClock;
    const limits: WitLimits = { ...WIT_LIMITS, ...options.limits };
    const store = WitStore.open(paths.database, {
      now: () => clock.now(),
      synchronous: options.synchronous,
      groupCommit: true,
    });
    cleanup.unshift(() => store.close());
    // File events keep the caller graph fresh; cookies go to .wit/sync, outside the analysed tree.
    const analyzer = await Analyzer.open(realRoot, {
      maxFileBytes: limits.maxFileContentBytes,
      log,
      watch: { syncDir: path.join(paths.dir, "sync") },
    });
    cleanup.unshift(() => analyzer.close());
    if (options.warmUp ?? true) {
      analyzer.callGraph().then(
        (g) => log(`caller graph ready: ${analyzer.stats().lastScan?.files ?? 0} files, ${g.edgeCount} call edges`),
        (e) => log(`caller graph warm-up failed: ${(e as Error).message}`),
      );
    }
    const document = witOpenRpcDocument();
    const core: DaemonCore = { root: realRoot, store, analyzer, clock, limits, log };
    const handlers = createWitHandlers(core);
    const engine = createRpcEngine({
      methods: witMethods,
      handlers: options.decorateHandlers ? options.decorateHandlers(handlers, core) : handlers,
      validateResults: true,
      responseEnvelope: { ...WIT_ENVELOPE },
      checkRequest: checkWitVersion,
      methodNotFound: witErrors.MethodNotFound,
      invalidRequest: witErrors.InvalidRequest,
      // A method with no params and no errors (ping) answers whatever params it is sent.
      ignoresParams: (method) => PARAMLESS_METHODS.has(method),
      // rpc.discover answers the contract itself (decision 153): one document, read once.
      discover: () => document,
      maxBatch: limits.maxBatch,
      parse: { maxBytes: limits.maxBodyBytes, maxDepth: limits.maxJsonDepth },
      onInternalError: (method, e) => log(`internal error in ${method}: ${(e as Error).stack ?? String(e)}`),
      onUndeclaredError: (method, e) => log(`${method} answered an undeclared error ${e.code} ${e.message}`),
    });
    const server = createHttpServer({ engine, limits, log, durable: () => store.durable() });
    reclaimStaleSocket(paths.socket);
    const listenPath = connectablePath(paths.socket, { create: true });
    await listen(server, listenPath);
    // After listen, a failed accept (EMFILE under load) is emitted here: logged, never an uncaught throw.
    server.on("error", (e) => log(`server error (still serving): ${e.message}`));
    cleanup.unshift(() => server.close());
    chmodSync(paths.socket, 0o600);
    const socketIno = lstatSync(paths.socket).ino;
    writeFileSync(paths.pidFile, `${process.pid}\n`, { mode: 0o600 });
    log(
      `listening on ${paths.socket}${listenPath !== paths.socket ? ` (bound through ${listenPath})` : ""}, pid ${process.pid}`,
    );

    let closing: Promise<void> | null = null;
    return {
      root: paths.root,
      socketPath: paths.socket,
      listenPath,
      clock,
      store,
      close() {
        closing ??= (async () => {
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeIdleConnections();
            setTimeout(() => server.closeAllConnections(), 2_000).unref();
          });
          removeIfSame(paths.socket, socketIno);
          if (listenPath !== paths.socket) removeAlias(paths.socket);
          if (readPidFile(paths.pidFile) === process.pid) rmSync(paths.pidFile, { force: true });
          analyzer.close();
          store.close();
          lock.release();
        })();
        return closing;
      },
    };
  } catch (e) {
    for (const undo of cleanup) {
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
function writeGitignore(dir: string): void {
  const file = path.join(dir, ".gitignore");
  try {
    if (readFileSync(file, "utf8") === GITIGNORE) return;
  } catch {
    /* absent */
  }
  writeFileSync(file, GITIGNORE, { mode: 0o600 });
}
const GITIGNORE = "# written by the Wit daemon: nothing in .wit/ belongs in the repository\n*\n";

function listen(server: http.Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/** Only called with the instance lock held: a socket file left here belongs to a dead daemon. */
function reclaimStaleSocket(socket: string): void {
  let st;
  try {
    st = lstatSync(socket);
  } catch {
    return;
  }
  if (!st.isSocket()) throw new Error(`${socket} exists and is not a socket; refusing to replace it`);
  unlinkSync(socket);
}

function removeIfSame(file: string, ino: number): void {
  try {
    if (lstatSync(file).ino === ino) unlinkSync(file);
  } catch {
    /* already gone */
  }
}

function readPidFile(file: string): number | null {
  try {
    const n = Number(readFileSync(file, "utf8").trim());
    return Number.isSafeInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}
