/**
 * The typed Wit client: the generated `WitClient` over the Unix-socket transport, adding the
 * `witVersion` envelope, checking it on every answer, and starting the root's daemon on first use.
 */
import { RpcClient, type RpcTransport } from "../../rpc/client.js";
import { WitClient } from "../../generated/wit/client.js";
import { WIT_ENVELOPE, WIT_VERSION, witPaths } from "../protocol.js";
import { autoStartDaemon, type StartOptions } from "./lifecycle.js";
import { UnixSocketTransport, WitUnavailableError, type UnixSocketTransportOptions } from "./transport.js";

export interface WitClientOptions extends UnixSocketTransportOptions {
  /** The repository root; the socket is `<root>/.wit/daemon.sock`. */
  root?: string;
  /** An explicit socket path (instead of `root`). */
  socketPath?: string;
  /**
   * Start the root's daemon when nothing listens (needs `root`). Default: true when `root` is given.
   * A daemon a person stopped (`wit daemon stop`) is not started: the call fails with DaemonStoppedError.
   */
  autoStart?: boolean;
  start?: StartOptions;
  /** Validate every result against the contract before returning it. Default false. */
  validateResults?: boolean;
}

/** Connects, on the first call that finds no daemon, by starting it; retried once, only when the connection was never made. */
class StartingTransport implements RpcTransport {
  private starting: Promise<unknown> | null = null;
  constructor(
    private readonly inner: UnixSocketTransport,
    private readonly root: string,
    private readonly options: StartOptions,
  ) {}

  async send(body: string): Promise<string> {
    try {
      return await this.inner.send(body);
    } catch (e) {
      if (!(e instanceof WitUnavailableError) || e.reason !== "unreachable") throw e;
      this.starting ??= autoStartDaemon(this.root, this.options).finally(() => (this.starting = null));
      await this.starting;
      return this.inner.send(body);
    }
  }

  close(): void {
    this.inner.close();
  }
}

/** A WitClient bound to one socket; `close()` releases its connections. */
export class WitSocketClient extends WitClient {
  constructor(
    readonly socketPath: string,
    private readonly transport: RpcTransport,
    validateResults: boolean,
  ) {
    super(
      new RpcClient(transport, {
        envelope: { ...WIT_ENVELOPE },
        checkResponse: (r) =>
          r.witVersion === WIT_VERSION
            ? undefined
            : `answer without witVersion "${WIT_VERSION}" (got ${JSON.stringify(r.witVersion)})`,
      }),
      { validateResults },
    );
  }

  async close(): Promise<void> {
    await this.transport.close?.();
  }
}

export function createWitClient(options: WitClientOptions): WitSocketClient {
  const socketPath = options.socketPath ?? (options.root !== undefined ? witPaths(options.root).socket : undefined);
  if (socketPath === undefined) throw new TypeError("createWitClient needs `root` or `socketPath`");
  const inner = new UnixSocketTransport(socketPath, options);
  const autoStart = options.autoStart ?? options.root !== undefined;
  if (autoStart && options.root === undefined) throw new TypeError("autoStart needs `root`");
  const transport = autoStart ? new StartingTransport(inner, options.root!, options.start ?? {}) : inner;
  return new WitSocketClient(socketPath, transport, options.validateResults ?? false);
}
