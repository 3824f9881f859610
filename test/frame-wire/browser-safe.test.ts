/**
 * The frame-wire entry (src/frame-wire/index.ts, published as @contract-suite/frame-wire) is what a
 * renderer imports: bundling it for the browser must succeed (esbuild refuses a `node:` import on
 * platform "browser") and no module it reaches may use Node's Buffer.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
/** Modules allowed to mention Buffer (none: parseJson counts UTF-8 bytes itself). */
const KNOWN_BUFFER_USERS = new Set<string>();

function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

/** What keeps `entry` from running in a browser: Node built-ins it imports, modules it reaches that use Buffer. */
async function browserProblems(entry: string): Promise<{ inputs: string[]; problems: string[] }> {
  try {
    const result = await build({
      entryPoints: [join(ROOT, entry)],
      bundle: true,
      platform: "browser",
      format: "esm",
      write: false,
      metafile: true,
      logLevel: "silent",
      absWorkingDir: ROOT,
    });
    const inputs = Object.keys(result.metafile!.inputs);
    const bufferUsers = inputs.filter(
      (i) =>
        !i.startsWith("node_modules/") &&
        !KNOWN_BUFFER_USERS.has(i) &&
        /\bBuffer\b/.test(withoutComments(readFileSync(join(ROOT, i), "utf8"))),
    );
    return { inputs, problems: bufferUsers.map((i) => `${i} uses Buffer`) };
  } catch (e) {
    const errors = (e as { errors?: { text: string }[] }).errors ?? [{ text: String(e) }];
    return { inputs: [], problems: errors.map((x) => x.text) };
  }
}

describe("the browser-safe frame-wire entry", () => {
  it("bundles for the browser, reaching no Node built-in and no Buffer", async () => {
    const { inputs, problems } = await browserProblems("src/frame-wire/index.ts");
    expect(problems).toEqual([]);
    expect(inputs).toContain("src/frame-wire/fold.ts");
    expect(inputs).toContain("src/frame-wire/sse.ts");
  });

  it("the check catches node-only modules: the fold command (Buffer in the line reader) and the mock (node:http)", async () => {
    expect((await browserProblems("src/cli/frame-wire-fold.ts")).problems).toContain("src/io/lines.ts uses Buffer");
    expect((await browserProblems("src/frame-wire/serve.ts")).problems.join("\n")).toMatch(/node:http/);
  });
});
