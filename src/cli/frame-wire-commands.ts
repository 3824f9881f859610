/** `contract-suite frame-wire fold` and `contract-suite serve frame-wire`. */
import type { Server } from "node:http";
import { Command, Option } from "commander";
import { runFoldCommand } from "./frame-wire-fold.js";
import { EXIT, EXIT_CODES_HELP, UsageError, write, type CliContext } from "./context.js";

/** The shared `serve` command (frame-wire and wright-agent add subcommands to it). */
export function serveCommand(program: Command): Command {
  return (
    program.commands.find((c) => c.name() === "serve") ??
    program
      .command("serve")
      .description("Run a reference server or mock for client teams (loopback only).")
      .addHelpText("after", EXIT_CODES_HELP)
  );
}

export function registerFrameWireCommands(program: Command, ctx: CliContext): void {
  const fw = program.command("frame-wire").description("frame-wire tools.").addHelpText("after", EXIT_CODES_HELP);
  fw.command("fold")
    .description(
      'Fold NDJSON events from stdin with the reference fold; print one compact JSON outcome line {"turn":...,"abort":null|{"code","message","at"}} as the last line of stdout. Diagnostics go to stderr. Any implementation can be compared with this protocol (`conform frame-wire --target`).',
    )
    .addHelpText("after", EXIT_CODES_HELP)
    .action(async () => {
      ctx.exit(await runFoldCommand(ctx.io.stdin, ctx.io.stdout, ctx.io.stderr));
    });

  serveCommand(program)
    .command("frame-wire")
    .description(
      "Mock streaming endpoint: POST /v1/turns/stream on 127.0.0.1. Checks the bearer token and request body, then streams a vector's events (?vector=NAME) or a random valid turn (?seed=N) as data-only SSE.",
    )
    .addOption(new Option("--port <n>", "port (0 picks a free one)").default("8787").argParser(portOption("--port")))
    .addOption(new Option("--host <addr>", "loopback address to bind").default("127.0.0.1"))
    .addOption(new Option("--token <token>", "accepted bearer token").default("dev-token"))
    .addOption(
      new Option("--pace <ms>", "milliseconds between frames").default("50").argParser(integerOption("--pace", 0)),
    )
    .addOption(
      new Option("--seed <n>", "seed of the first random turn").default("1").argParser(integerOption("--seed", 0)),
    )
    .addOption(
      new Option(
        "--demo",
        "also serve the renderer demo page on its own loopback port (printed as the second line); implies --cors for the page's origin",
      ),
    )
    .addOption(
      new Option("--demo-port <n>", "port of the demo page (0 picks a free one)")
        .default("0")
        .argParser(portOption("--demo-port")),
    )
    .addOption(
      new Option(
        "--cors <origin>",
        "let pages of this origin (e.g. http://127.0.0.1:5173) call the endpoint: CORS headers and preflight",
      ),
    )
    .addHelpText(
      "after",
      "\nThe first line on stdout is the full URL of the stream operation. A port in use or not a port number is\na usage error: one line on stderr, exit 2.\n" +
        EXIT_CODES_HELP,
    )
    .action(
      async (opts: {
        port: string;
        host: string;
        token: string;
        pace: string;
        seed: string;
        cors?: string;
        demo?: boolean;
        demoPort: string;
      }) => {
        if (!/^(127\.|::1$|localhost$)/.test(opts.host)) {
          write(ctx.io.stderr, `error: --host must be a loopback address, got ${opts.host}`);
          return ctx.exit(EXIT.usage);
        }
        if (opts.cors !== undefined && !isOrigin(opts.cors)) {
          write(ctx.io.stderr, `error: --cors takes an origin (scheme://host[:port], no path), got ${opts.cors}`);
          return ctx.exit(EXIT.usage);
        }
        const { createFrameWireServer } = await import("../frame-wire/serve.js");
        const { loadFrameWireVectors } = await import("../../conformance/frame-wire/vectors.js");
        const vectors = new Map(loadFrameWireVectors().flatMap((v) => (v.events ? [[v.name, v.events] as const] : [])));
        const hostInUrl = opts.host.includes(":") ? `[${opts.host}]` : opts.host;
        const portOf = (s: Server) => {
          const addr = s.address();
          return typeof addr === "object" && addr ? addr.port : 0;
        };
        // The demo page lives on its own origin, so the mock must allow that origin: bind the page
        // first, then start the mock with CORS for it, then let the page learn the stream URL.
        let page: Server | undefined;
        let pageOptions: { streamUrl: string; token: string; vectors: string[] } | undefined;
        if (opts.demo) {
          const { createDemoPageServer } = await import("../frame-wire/demo/page-server.js");
          page = await createDemoPageServer(() => pageOptions!);
          await listenOn(page, Number(opts.demoPort), opts.host, "--demo-port");
        }
        const pageUrl = page ? `http://${hostInUrl}:${portOf(page)}/` : undefined;
        const cors = opts.cors ?? (pageUrl ? new URL(pageUrl).origin : undefined);
        const server = createFrameWireServer({
          token: opts.token,
          paceMs: Number(opts.pace),
          seed: Number(opts.seed),
          vectors,
          cors,
        });
        try {
          await listenOn(server, Number(opts.port), opts.host, "--port");
        } catch (e) {
          page?.close();
          throw e;
        }
        const streamUrl = `http://${hostInUrl}:${portOf(server)}/v1/turns/stream`;
        pageOptions = { streamUrl, token: opts.token, vectors: [...vectors.keys()] };
        // Line 1 is the stream URL alone, so a script can read it (`head -1`); with --demo, line 2 is
        // the page's URL; the rest is for people.
        write(ctx.io.stdout, streamUrl);
        if (pageUrl) write(ctx.io.stdout, pageUrl);
        write(
          ctx.io.stdout,
          `frame-wire mock: POST it with Authorization: Bearer ${opts.token}${cors ? `; CORS for ${cors}` : ""}${pageUrl ? `; renderer demo page at ${pageUrl}` : ""}`,
        );
        await new Promise<void>((resolve) => {
          const stop = () => {
            page?.close();
            server.close(() => resolve());
          };
          process.once("SIGINT", stop);
          process.once("SIGTERM", stop);
        });
      },
    );
}

/** A commander parser for a TCP port option: an integer 0-65535 (0: any free port), else exit 2. */
function portOption(flag: string): (value: string) => string {
  return (value) => {
    if (!/^\d{1,5}$/.test(value) || Number(value) > 65_535)
      throw new UsageError(
        `${flag} takes a port number from 0 to 65535 (0 picks a free one), got ${JSON.stringify(value)}`,
      );
    return value;
  };
}

/** A commander parser for a non-negative integer option, else exit 2. */
function integerOption(flag: string, min: number): (value: string) => string {
  return (value) => {
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)) || Number(value) < min)
      throw new UsageError(`${flag} takes an integer >= ${min}, got ${JSON.stringify(value)}`);
    return value;
  };
}

/**
 * Binds a server, turning a port that is taken (EADDRINUSE), not ours to take (EACCES) or an
 * address this machine lacks (EADDRNOTAVAIL) into a usage error: one line naming the option.
 */
export function listenOn(server: Server, port: number, host: string, flag: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const failed = (e: NodeJS.ErrnoException) => {
      server.off("listening", listening);
      const where = `${host.includes(":") ? `[${host}]` : host}:${port}`;
      const why =
        e.code === "EADDRINUSE"
          ? "is already in use (another server listens there): pick another port, or 0 for a free one"
          : e.code === "EACCES"
            ? "may not be bound by this user: pick a port above 1023, or 0 for a free one"
            : e.code === "EADDRNOTAVAIL"
              ? "is not an address of this machine"
              : `cannot be bound (${e.code ?? e.message})`;
      reject(new UsageError(`${flag} ${port}: ${where} ${why}`));
    };
    const listening = () => {
      server.off("error", failed);
      resolve();
    };
    server.once("error", failed);
    server.once("listening", listening);
    server.listen(port, host);
  });
}

/** `scheme://host[:port]` exactly as a browser sends it in `Origin`. */
function isOrigin(value: string): boolean {
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}
