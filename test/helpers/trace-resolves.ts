/**
 * Runs a snippet in a fresh Node process (with tsx) under a module-resolution hook, and reports
 * every specifier it resolved (`"<specifier> -> <url>"`), the CommonJS modules it required and the
 * snippet's return value. The snippet is the body of an async function; it can read `resolved`
 * (the list so far) and `settle()` (waits for the hook thread's messages). Used by the lazy-loading
 * tests: importing a client or running a light command must not load a server's native modules.
 */
import { execFile } from "node:child_process";
import { resolve as resolvePath } from "node:path";

export const REPO_ROOT = resolvePath(import.meta.dirname, "../..");

export interface Trace<T = unknown> {
  resolved: string[];
  cjs: string[];
  output: T;
}

const HOOK = `let port;
  export function initialize(data) { port = data.port; }
  export async function resolve(specifier, context, next) {
    const r = await next(specifier, context);
    port.postMessage(specifier + " -> " + r.url);
    return r;
  }`;

export async function traceResolves<T = unknown>(body: string): Promise<Trace<T>> {
  const script = `
    import { register, createRequire } from "node:module";
    import { MessageChannel } from "node:worker_threads";
    const { port1, port2 } = new MessageChannel();
    const resolved = [];
    port1.on("message", (m) => resolved.push(m));
    port1.unref();
    register("data:text/javascript," + encodeURIComponent(${JSON.stringify(HOOK)}), { data: { port: port2 }, transferList: [port2] });
    const settle = () => new Promise((r) => setTimeout(r, 100));
    const output = await (async () => { ${body} })();
    await settle();
    const cjs = Object.keys(createRequire(import.meta.url).cache);
    console.log(JSON.stringify({ resolved, cjs, output }));
  `;
  const r = await new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      { cwd: REPO_ROOT, encoding: "utf8", timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
      (e, stdout, stderr) => done({ code: e ? Number((e as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
  if (r.code !== 0) throw new Error(`traced process exited ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").pop()!) as Trace<T>;
}

/** Runs the CLI in the traced process; the output is its exit code and stdout. */
export function traceCli(args: string[], stdin = ""): Promise<Trace<{ code: number; stdout: string }>> {
  return traceResolves(`
    const { main } = await import(${JSON.stringify(resolvePath(REPO_ROOT, "src/cli/main.ts"))});
    const { PassThrough, Readable } = await import("node:stream");
    const out = new PassThrough(); let stdout = ""; out.on("data", (d) => (stdout += d));
    const code = await main(["node", "contract-suite", ...${JSON.stringify(args)}], { stdout: out, stderr: new PassThrough(), stdin: Readable.from([${JSON.stringify(stdin)}]) });
    return { code, stdout };
  `);
}

/** The package names among resolved specifiers (`@scope/name` or `name`). */
export function packagesOf(trace: Trace): string[] {
  const names = trace.resolved
    .map((r) => r.split(" -> ")[0]!)
    .filter(
      (s) =>
        !s.startsWith(".") &&
        !s.startsWith("/") &&
        !s.startsWith("file:") &&
        !s.startsWith("node:") &&
        !s.startsWith("data:"),
    )
    .map((s) =>
      s
        .split("/")
        .slice(0, s.startsWith("@") ? 2 : 1)
        .join("/"),
    );
  return [...new Set(names)];
}
