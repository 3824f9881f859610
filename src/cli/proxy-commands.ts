/**
 * `contract-suite proxy frame-wire|wit|wright-agent`: sits between a real client and a real server,
 * forwards every byte unchanged and reports where the traffic leaves the contract (decision 312).
 * The logic lives in conformance/proxy/; this module parses options, binds, and waits for the end.
 */
import { Command, Option } from "commander";
import net from "node:net";
import { EXIT, exitCodesHelp, UsageError, write, type CliContext } from "./context.js";
import { listenOn } from "./frame-wire-commands.js";

const PROXY_EXIT_HELP = `
A violation is reported as it is seen: one text line (with the offending value indented below it) or,
with --format json, one JSON line {transport, exchange, kind, side, message, index, pointer, value}.
Only the first violation of each kind is reported per exchange. The last line is a summary.
${exitCodesHelp("the traffic broke the contract at least once")}`;

function formatOpt(): Option {
  return new Option("--format <format>", "text, or json (one JSON line per violation)")
    .choices(["text", "json"])
    .default("text");
}

function recordOpt(): Option {
  return new Option(
    "--record <file>",
    "write the session as replayable vectors (conform <suite> --replay FILE); rewritten after each exchange",
  );
}

/** `HOST:PORT` (IPv6 in brackets) on a loopback address. */
export function parseListen(value: string, flag = "--listen"): { host: string; port: number } {
  const m = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(value);
  const host = m ? (m[1] ?? m[2]!) : "";
  const port = m ? Number(m[3]) : NaN;
  if (!m || port > 65_535)
    throw new UsageError(
      `${flag} takes HOST:PORT (e.g. 127.0.0.1:8788; port 0 picks a free one), got ${JSON.stringify(value)}`,
    );
  if (!/^(127\.|::1$|localhost$)/.test(host))
    throw new UsageError(`${flag} must be a loopback address (the proxy forwards without authentication), got ${host}`);
  return { host, port };
}

/** An http(s) URL whose host accepts connections now; anything else is a setup error (exit 2). */
async function checkUpstream(value: string): Promise<URL> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--upstream takes the server's http(s) URL, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new UsageError(`--upstream takes an http or https URL, got ${JSON.stringify(value)}`);
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  const host = url.hostname.replace(/^\[|\]$/g, "");
  await new Promise<void>((resolve, reject) => {
    const socket = net.connect({ host, port });
    const timer = setTimeout(() => socket.destroy(new Error("no answer within 5 s")), 5_000);
    socket.once("connect", () => {
      clearTimeout(timer);
      socket.end();
      resolve();
    });
    socket.once("error", (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        new UsageError(`--upstream ${value}: nothing accepts connections at ${url.host} (${e.code ?? e.message})`),
      );
    });
  });
  return url;
}

/** Resolves on SIGINT or SIGTERM. */
function untilStopped(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}

export function registerProxyCommands(program: Command, ctx: CliContext): void {
  const proxy = program
    .command("proxy")
    .description(
      "Sit between a real client and a real server of a contract: forward every byte unchanged, report each violation of the contract as it passes, optionally record the session for `conform --replay`.",
    )
    .addHelpText("after", PROXY_EXIT_HELP);

  proxy
    .command("frame-wire")
    .description(
      "HTTP proxy on loopback in front of a frame-wire server: forwards the POST and the SSE stream as they arrive, bytes unchanged (Host is the upstream's). Checks the request (body against the request schema, Authorization), the status and media type, each frame (data-only, one JSON FrameEvent), the sender rules and the running fold (every abort and discard of the 1.3.0 receiver rules, at its event), then the completed turn. Runs until SIGINT/SIGTERM.",
    )
    .requiredOption("--listen <host:port>", "where the proxy listens (loopback; port 0 picks a free one)")
    .requiredOption("--upstream <url>", "the server: its base URL or the full URL of its streaming operation")
    .addOption(recordOpt())
    .addOption(formatOpt())
    .addHelpText(
      "after",
      "\nThe first line on stdout is the proxy's URL of the streaming operation; violations follow there.\n" +
        PROXY_EXIT_HELP,
    )
    .action(async (opts: { listen: string; upstream: string; record?: string; format: "text" | "json" }) => {
      const { host, port } = parseListen(opts.listen);
      const upstream = await checkUpstream(opts.upstream);
      const { ViolationLog } = await import("../../conformance/proxy/log.js");
      const { createFrameWireProxy, exchangesOf } = await import("../../conformance/proxy/frame-wire.js");
      const { Recorder } = await import("../../conformance/proxy/recording.js");
      const log = new ViolationLog(ctx.io.stdout, opts.format);
      const recorder = opts.record ? new Recorder<unknown>(opts.record, "frame-wire") : undefined;
      const server = createFrameWireProxy({
        upstream,
        log,
        // Only a recording builds vectors: making one re-folds the whole stream at its end.
        ...(recorder ? { onVector: (v: unknown) => recorder.add(v) } : {}),
        note: (m) => write(ctx.io.stderr, `note: ${m}`),
      });
      await listenOn(server, port, host, "--listen");
      const addr = server.address() as net.AddressInfo;
      write(ctx.io.stdout, `http://${host.includes(":") ? `[${host}]` : host}:${addr.port}/v1/turns/stream`);
      await untilStopped();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      write(ctx.io.stdout, log.summary(exchangesOf(server)));
      if (log.count > 0) ctx.exit(EXIT.failed);
    });

  proxy
    .command("wit")
    .description(
      "HTTP on a Unix socket (--listen-socket) or loopback TCP (--listen) in front of a Wit daemon's socket: forwards each request and answer, bytes unchanged, and checks each POST /rpc against the OpenRPC document: the JSON-RPC envelope with witVersion, a known method, params against its schema; the answer's envelope, its id, the result against the method's result schema, a declared error, every request answered. Runs until SIGINT/SIGTERM.",
    )
    .requiredOption("--socket <path>", "the daemon's socket (e.g. .wit/daemon.sock)")
    .option("--listen-socket <path>", "the Unix socket clients connect to (created; removed at the end)")
    .option("--listen <host:port>", "or loopback TCP: http://HOST:PORT/rpc")
    .addOption(recordOpt())
    .addOption(formatOpt())
    .addHelpText(
      "after",
      "\nThe first line on stdout is where clients connect (the socket path, or the URL of /rpc); violations follow there.\n" +
        PROXY_EXIT_HELP,
    )
    .action(
      async (opts: {
        socket: string;
        listenSocket?: string;
        listen?: string;
        record?: string;
        format: "text" | "json";
      }) => {
        if ((opts.listenSocket === undefined) === (opts.listen === undefined))
          throw new UsageError("give one of --listen-socket PATH and --listen HOST:PORT");
        const tcp = opts.listen !== undefined ? parseListen(opts.listen) : undefined;
        const { statSync, rmSync } = await import("node:fs");
        let isSocket = false;
        try {
          isSocket = statSync(opts.socket).isSocket();
        } catch {
          // reported below
        }
        if (!isSocket) throw new UsageError(`--socket ${opts.socket} is not a socket (is the daemon running?)`);
        await new Promise<void>((resolve, reject) => {
          const s = net.connect(opts.socket);
          s.once("connect", () => {
            s.end();
            resolve();
          });
          s.once("error", (e: NodeJS.ErrnoException) =>
            reject(new UsageError(`--socket ${opts.socket}: no daemon accepts connections (${e.code ?? e.message})`)),
          );
        });
        const { ViolationLog } = await import("../../conformance/proxy/log.js");
        const { createWitProxy } = await import("../../conformance/proxy/wit.js");
        const { Recorder } = await import("../../conformance/proxy/recording.js");
        const log = new ViolationLog(ctx.io.stdout, opts.format);
        const recorder = opts.record ? new Recorder<unknown>(opts.record, "wit") : undefined;
        const server = createWitProxy({
          socket: opts.socket,
          log,
          ...(recorder ? { onVector: (v: unknown) => recorder.add(v) } : {}),
          note: (m) => write(ctx.io.stderr, `note: ${m}`),
        });
        if (tcp) {
          await listenOn(server, tcp.port, tcp.host, "--listen");
          const port = (server.address() as net.AddressInfo).port;
          write(ctx.io.stdout, `http://${tcp.host.includes(":") ? `[${tcp.host}]` : tcp.host}:${port}/rpc`);
        } else {
          await new Promise<void>((resolve, reject) => {
            server.once("error", (e: NodeJS.ErrnoException) =>
              reject(
                new UsageError(`--listen-socket ${opts.listenSocket}: cannot listen there (${e.code ?? e.message})`),
              ),
            );
            server.listen(opts.listenSocket, () => resolve());
          });
          // Owner-only, as the daemon's own socket: its permissions are Wit's whole access control.
          const { chmodSync } = await import("node:fs");
          chmodSync(opts.listenSocket!, 0o600);
          write(ctx.io.stdout, opts.listenSocket!);
        }
        await untilStopped();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        if (opts.listenSocket) rmSync(opts.listenSocket, { force: true });
        write(ctx.io.stdout, log.summary(server.exchanges()));
        if (log.count > 0) ctx.exit(EXIT.failed);
      },
    );

  proxy
    .command("wright-agent")
    .description(
      "The command a client starts instead of its wright-agent server: starts the server command given after --, relays stdin to it and its stdout back, bytes unchanged (its stderr passes through), and checks each line both ways: requests (stdio: ToolRequest; jsonrpc/mcp: the JSON-RPC envelope, request's ToolRequest, tools/call's tool and arguments), answers (ToolResponse, the envelope, the id of a pending request), each result against its operation's result schema, and requests left unanswered. Ends when the server exits.",
    )
    .addOption(new Option("--transport <name>", "the session's transport: stdio | jsonrpc | mcp").default("stdio"))
    .addOption(recordOpt())
    .addOption(formatOpt())
    .option("--report <file>", "write violations and the summary to this file instead of stderr")
    .argument("<command...>", "the server command and its arguments, after --")
    .addHelpText(
      "after",
      "\nExample: contract-suite proxy wright-agent --transport mcp -- contract-suite serve wright-agent --transport mcp\nstdout carries the protocol, so violations go to stderr (or --report FILE).\n" +
        PROXY_EXIT_HELP,
    )
    .action(
      async (
        command: string[],
        opts: { transport: string; record?: string; format: "text" | "json"; report?: string },
      ) => {
        if (!["stdio", "jsonrpc", "mcp"].includes(opts.transport))
          throw new UsageError(`--transport must be one of stdio, jsonrpc, mcp, got ${JSON.stringify(opts.transport)}`);
        const { ViolationLog } = await import("../../conformance/proxy/log.js");
        const { runWrightAgentProxy } = await import("../../conformance/proxy/wright-agent.js");
        const { Recorder } = await import("../../conformance/proxy/recording.js");
        const { createWriteStream } = await import("node:fs");
        const reportTo = opts.report ? createWriteStream(opts.report) : ctx.io.stderr;
        const log = new ViolationLog(reportTo, opts.format);
        const recorder = opts.record ? new Recorder<unknown>(opts.record, "wright-agent") : undefined;
        const end = await runWrightAgentProxy({
          transport: opts.transport as "stdio" | "jsonrpc" | "mcp",
          command,
          input: ctx.io.stdin as import("node:stream").Readable,
          output: ctx.io.stdout as import("node:stream").Writable,
          errors: ctx.io.stderr as import("node:stream").Writable,
          log,
          onSession: (v) => recorder?.add(v),
          stop: untilStopped(),
        });
        reportTo.write(log.summary(end.exchanges) + "\n");
        if (opts.report) await new Promise((resolve) => (reportTo as import("node:fs").WriteStream).end(resolve));
        if (log.count > 0) ctx.exit(EXIT.failed);
      },
    );
}
