/**
 * The renderer demo page in a real browser: Debian's headless Chromium (/usr/bin/chromium, installed
 * by .ci/run) driven by playwright-core; nothing downloads a browser. The page is served by
 * `serve frame-wire --demo` (a real process), loads frame-wire as browser JS bundled by esbuild, and
 * calls the mock on another origin (CORS). It must render a streamed turn while it streams, show an
 * aborting vector's partial turn and its error, and fold a 6 MB frame as Node does. A screenshot is
 * saved as reports/frame-wire-demo.png.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foldEvents } from "../../src/frame-wire/fold.js";
import { foldSseBody } from "../../src/frame-wire/sse.js";
import { randomTurn } from "../../src/frame-wire/serve.js";
import { loadFrameWireVectors } from "../../conformance/frame-wire/vectors.js";

// The page functions below run in the browser; the project compiles without the DOM lib.
declare const document: {
  getElementById(id: string): { textContent: string | null } | null;
  querySelectorAll(selector: string): { length: number };
};
declare const window: unknown;

const ROOT = join(import.meta.dirname, "../..");
const CHROMIUM = "/usr/bin/chromium";
const REPORTS = join(ROOT, "reports");

if (!existsSync(CHROMIUM)) {
  throw new Error(
    `${CHROMIUM} is missing: this test needs Debian's chromium package (apt-get update && apt-get install -y chromium; .ci/run installs it)`,
  );
}

/** The SSE body of one `size`-character (ASCII, so also bytes) frame's text and a done. */
function bigStreamText(size: number): string {
  const start = { type: "block_start", index: 0, block_id: "big", block: { kind: "text", text: "x".repeat(size) } };
  return `data: ${JSON.stringify(start)}\n\ndata: {"type":"done","finish_reason":"done"}\n\n`;
}

describe("serve frame-wire --demo in headless Chromium", () => {
  let mock: ChildProcess;
  let streamUrl: string;
  let pageUrl: string;
  let context: BrowserContext;
  let page: Page;
  let profile: string;

  beforeAll(async () => {
    mock = spawn(
      process.execPath,
      [
        join(ROOT, "bin/contract-suite.mjs"),
        "serve",
        "frame-wire",
        "--port",
        "0",
        "--demo",
        "--pace",
        "40",
        "--token",
        "demo-secret",
      ],
      { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] },
    );
    const lines = createInterface({ input: mock.stdout! });
    [streamUrl, pageUrl] = await new Promise<[string, string]>((resolve) => {
      const got: string[] = [];
      lines.on("line", (l) => {
        got.push(l);
        if (got.length === 2) resolve([got[0]!, got[1]!]);
      });
    });
    profile = mkdtempSync(join(tmpdir(), "fw-chromium-"));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
      viewport: { width: 1000, height: 900 },
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on("pageerror", (e) => console.error("page error:", e.message));
  }, 90_000);

  afterAll(async () => {
    await context?.close();
    mock?.kill("SIGTERM");
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it("prints the stream URL first and the page URL second; the page and the mock are different origins", () => {
    expect(streamUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/turns\/stream$/);
    expect(pageUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(new URL(pageUrl).origin).not.toBe(new URL(streamUrl).origin);
  });

  it("renders a streamed turn while it streams, and ends with the turn Node's fold gives", async () => {
    await page.goto(pageUrl);
    await page.waitForFunction(() => document.getElementById("status")?.textContent === "ready");
    expect(await page.evaluate(() => typeof (globalThis as { Buffer?: unknown }).Buffer)).toBe("undefined");
    await page.click("#stream");
    // Mid-stream: some frames applied and a block on the page, the turn not finished yet.
    await page.waitForFunction(
      () =>
        document.getElementById("status")?.textContent === "streaming" &&
        Number(document.getElementById("frames")?.textContent) >= 2 &&
        document.querySelectorAll(".block").length >= 1,
      undefined,
      { timeout: 20_000 },
    );
    await page.waitForFunction(() => document.getElementById("status")?.textContent?.startsWith("done"), undefined, {
      timeout: 20_000,
    });
    // The mock's first random turn is seed 1 (its default seed, first request).
    const expected = foldEvents(randomTurn(1));
    expect(await page.evaluate(() => (window as unknown as { lastOutcome: unknown }).lastOutcome)).toEqual(
      JSON.parse(JSON.stringify(expected)),
    );
    expect(await page.locator(".block").count()).toBe(expected.turn.blocks.length);
    expect(await page.locator(".tool-call").count()).toBe(expected.turn.tool_calls.length);
    const firstText = expected.turn.blocks[0] as { text?: string; items?: { label: string }[] };
    if (firstText.text !== undefined)
      expect(await page.locator('.block[data-position="0"] [data-field="text"]').innerText()).toContain(firstText.text);
    else
      expect(await page.locator('.block[data-position="0"] [data-field="items"] li').count()).toBe(
        firstText.items!.length,
      );
  }, 60_000);

  it("an aborting vector shows its partial turn and its error; the screenshot is saved", async () => {
    const vector = loadFrameWireVectors().find((v) => v.name === "block-delta-unknown-index-mid-stream")!;
    await page.selectOption("#vector", vector.name);
    await page.click("#stream");
    await page.waitForFunction(() => document.getElementById("status")?.textContent === "aborted", undefined, {
      timeout: 20_000,
    });
    const error = await page.locator("#error").innerText();
    expect(error).toContain(`${vector.expected.abort!.code}:`);
    expect(error).toContain(`(event ${vector.expected.abort!.at})`);
    // The partial turn: the text applied before the offending event, the tool call, nothing after.
    expect(await page.locator('.block [data-field="text"]').innerText()).toContain("partial");
    expect(await page.locator(".block").innerText()).not.toContain("not applied");
    expect(await page.locator(".tool-call code").innerText()).toBe("t");
    expect(await page.evaluate(() => (window as unknown as { lastOutcome: unknown }).lastOutcome)).toEqual(
      vector.expected,
    );
    mkdirSync(REPORTS, { recursive: true });
    const file = join(REPORTS, "frame-wire-demo.png");
    await page.screenshot({ path: file, fullPage: true });
    expect(readFileSync(file).subarray(1, 4).toString()).toBe("PNG");
  }, 60_000);

  /** A 6 MB frame (past a third of parseJson's 16 MiB limit, where it counts UTF-8 bytes exactly) folds alike in both. */
  it("a 6 MB frame folds alike in the browser and in Node", async () => {
    const inBrowser = (size: number) =>
      page.evaluate(
        async ([text]) => {
          const fw = (
            window as unknown as {
              frameWire: {
                foldSseBody(
                  b: ReadableStream<Uint8Array>,
                ): Promise<{ turn: { blocks: { text?: string }[] }; abort: unknown }>;
              };
            }
          ).frameWire;
          const outcome = await fw.foldSseBody(new Response(text).body!);
          return { abort: outcome.abort, textLength: outcome.turn.blocks[0]?.text?.length ?? null };
        },
        [bigStreamText(size)] as const,
      );
    const inNode = async (size: number) => {
      const outcome = await foldSseBody(new Response(bigStreamText(size)).body!);
      return {
        abort: outcome.abort,
        textLength: (outcome.turn.blocks[0] as { text?: string } | undefined)?.text?.length ?? null,
      };
    };
    const SIX = 6 * 1024 * 1024;
    const node6 = await inNode(SIX);
    expect(node6).toEqual({ abort: null, textLength: SIX });
    expect(await inBrowser(SIX)).toEqual(node6);
  }, 120_000);
});
