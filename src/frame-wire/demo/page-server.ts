/**
 * Serves the renderer demo page (`serve frame-wire --demo`) on its own loopback origin: the HTML and
 * the page script, bundled with esbuild from page.ts at start-up (browser platform, so a Node
 * built-in anywhere the entry reaches fails the bundle). The page calls the mock on another origin,
 * so the mock runs with `--cors` set to this page's origin. Node-only; not part of the entry.
 */
import { createServer, type Server } from "node:http";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

export interface DemoPageOptions {
  streamUrl: string;
  token: string;
  vectors: string[];
}

/** The page script as one browser ES module. */
export async function bundleDemoScript(): Promise<string> {
  const { build } = await import("esbuild");
  // The TypeScript source in the repository; the compiled page.js in an installed CLI.
  const source = fileURLToPath(new URL("./page.ts", import.meta.url));
  const result = await build({
    entryPoints: [existsSync(source) ? source : fileURLToPath(new URL("./page.js", import.meta.url))],
    bundle: true,
    platform: "browser",
    format: "esm",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

const escapeJsonForScript = (v: unknown) => JSON.stringify(v).replace(/</g, "\\u003c");

export function demoHtml(options: DemoPageOptions): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>frame-wire renderer demo</title>
<style>
  body { font: 15px/1.4 system-ui, sans-serif; margin: 1.5rem; max-width: 60rem; color: #222; }
  header { display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; }
  #status { padding: .1rem .5rem; border-radius: .3rem; background: #eee; }
  #status.streaming { background: #fff3c4; } #status.done { background: #d7f5d7; } #status.aborted { background: #fbd5d5; }
  #error { border: 2px solid #c0392b; background: #fdecea; padding: .5rem; margin: .8rem 0; font-family: monospace; }
  .block { border: 1px solid #ccd; border-radius: .4rem; padding: .4rem .8rem; margin: .6rem 0; }
  .block h3 { margin: 0 0 .3rem; font-size: .85rem; text-transform: uppercase; color: #667; }
  .field .name { font-weight: 600; margin-right: .5rem; }
  dl.object { margin: 0 0 0 1rem; } dt { font-weight: 600; } dd { margin-left: 1rem; }
  .tool-call code { font-weight: 700; margin-right: .5rem; }
</style>
</head>
<body>
<h1>frame-wire renderer demo</h1>
<p>Streams one turn from <code>${options.streamUrl.replace(/[<&]/g, "")}</code> and renders it as it folds.</p>
<header>
  <label>scenario <select id="vector"><option value="">random turn</option></select></label>
  <input id="prompt" value="hello" aria-label="prompt">
  <button id="stream">Stream a turn</button>
  <span id="status">loading</span> <span>frames: <span id="frames">0</span></span>
</header>
<div id="error" role="alert" hidden></div>
<h2>Blocks</h2>
<div id="blocks"></div>
<h2>Tool calls</h2>
<ol id="tool-calls"></ol>
<script id="config" type="application/json">${escapeJsonForScript(options)}</script>
<script type="module" src="/demo.js"></script>
</body>
</html>
`;
}

/**
 * The page server: GET / (the page) and GET /demo.js (the bundle); 404 otherwise. `options` is read
 * per request: the page's origin must be known (listening) before the mock can allow it by CORS.
 */
export async function createDemoPageServer(options: () => DemoPageOptions): Promise<Server> {
  const script = await bundleDemoScript();
  return createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (req.method !== "GET" && req.method !== "HEAD") return void res.writeHead(405, { allow: "GET, HEAD" }).end();
    if (path === "/")
      return void res
        .writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" })
        .end(demoHtml(options()));
    if (path === "/demo.js")
      return void res
        .writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" })
        .end(script);
    res.writeHead(404).end();
  });
}
