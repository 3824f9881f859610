/**
 * Every fenced code block of README.md and packages/*\/README.md runs (issue 33 item 4): the
 * READMEs stay true. How each kind of block is run: test/docs/readme-blocks.ts. A block opts out
 * only with `skip-test <reason>` in its fence info, and OPT_OUTS below lists every one: adding an
 * opt-out means saying why here too.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Block,
  classify,
  extractBlocks,
  openSandbox,
  REPO,
  runBlock,
  type Sandbox,
  shCommands,
  shellWords,
} from "./readme-blocks.js";

/** Every opt-out in the READMEs, as `file: reason`. */
const OPT_OUTS = [
  "README.md: the CI gate and the whole test suite: minutes each, and this test is part of npm test",
  "packages/cli/README.md: the gate runs every stage for minutes; the other two need your repository and your running daemon",
];

const PACKAGE_DIRS = readdirSync(join(REPO, "packages")).filter((p) =>
  existsSync(join(REPO, "packages", p, "package.json")),
);
const PACKAGES: string[] = PACKAGE_DIRS.map(
  (p) => JSON.parse(readFileSync(join(REPO, "packages", p, "package.json"), "utf8")).name as string,
);

const READMES = ["README.md", ...PACKAGE_DIRS.map((p) => `packages/${p}/README.md`)];

function blocksOf(file: string): Block[] {
  return extractBlocks(readFileSync(join(REPO, file), "utf8"));
}

describe("the READMEs' opt-outs", () => {
  it("are the listed ones, each with a reason", () => {
    const found = READMES.flatMap((file) =>
      blocksOf(file)
        .filter((b) => b.skip !== undefined)
        .map((b) => `${file}: ${b.skip}`),
    );
    console.log(`README blocks not run:\n${found.map((f) => `  ${f}`).join("\n")}`);
    for (const f of found) expect(f, "skip-test needs a reason").not.toMatch(/: $/);
    expect(found).toEqual(OPT_OUTS);
  });
});

for (const file of READMES) {
  describe(file, () => {
    const blocks = blocksOf(file);
    let sandbox: Sandbox;
    beforeAll(async () => {
      sandbox = await openSandbox();
    });
    afterAll(async () => {
      await sandbox?.close();
    });
    it("has code blocks", () => expect(blocks.length).toBeGreaterThan(0));
    for (const block of blocks) {
      const name = `block at line ${block.line} (${block.lang || "no language"})`;
      if (block.skip !== undefined) it.skip(`${name}: skip-test ${block.skip}`, () => {});
      else
        it(`${name} runs as written`, { timeout: 240_000 }, async () => {
          expect(await runBlock(block, sandbox, PACKAGES)).toEqual([]);
        });
    }
  });
}

describe("the block runner", () => {
  it("reads fences, their language and opt-out reason, and refuses an unclosed fence", () => {
    const md =
      "text\n```sh skip-test slow and loud\nnpm test\n```\n\n  ```ts\n  const a = 1;\n  ```\n```\nplain\n```\n";
    expect(extractBlocks(md)).toEqual([
      { lang: "sh", skip: "slow and loud", code: "npm test", line: 2 },
      { lang: "ts", skip: undefined, code: "const a = 1;", line: 6 },
      { lang: "", skip: undefined, code: "plain", line: 9 },
    ]);
    expect(extractBlocks("```sh skip-test\nx\n```")[0]!.skip).toBe("");
    expect(() => extractBlocks("```sh\nnpm test\n")).toThrow(/never closed/);
  });

  it("splits commands and words as a shell would for the simple lines READMEs hold", () => {
    expect(shCommands("npm ci && npx contract-suite check   # the gate\n\n# only a comment\na \\\n  b")).toEqual([
      "npm ci",
      "npx contract-suite check",
      "a    b",
    ]);
    expect(shellWords(`npx contract-suite diff "a b.json" 'c'`)).toEqual([
      "npx",
      "contract-suite",
      "diff",
      "a b.json",
      "c",
    ]);
  });

  it("runs the CLI and our installs, and refuses the test suite, the gate, servers, pipes and strangers", () => {
    const ours = ["@contract-suite/frame-wire", "contract-suite"];
    expect(classify("npx contract-suite validate wit", ours)).toEqual({ kind: "cli", args: ["validate", "wit"] });
    expect(classify("npx contract-suite check --help", ours)).toEqual({ kind: "cli", args: ["check", "--help"] });
    expect(classify("npm install --save-dev contract-suite", ours)).toEqual({
      kind: "install",
      names: ["contract-suite"],
    });
    for (const refused of [
      "npm test",
      "npm ci",
      "npm run -s bench",
      "npx contract-suite check",
      "contract-suite serve frame-wire",
      "npm install left-pad",
      "npx contract-suite validate | head",
      "curl http://127.0.0.1:8787/",
    ])
      expect(classify(refused, ours).kind, refused).toBe("refused");
  });

  it("fails a block whose command, program or types are wrong, and passes the same blocks fixed", async () => {
    const sandbox = await openSandbox();
    try {
      const block = (lang: string, code: string): Block => ({ lang, skip: undefined, code, line: 1 });
      const bad = [
        block("sh", "npx contract-suite validate no-such-contract"),
        block("sh", "npm test"),
        block("js", 'import { parseJson } from "@contract-suite/runtime";\nparseJson("{");'),
        block(
          "ts",
          'import { parseJson } from "@contract-suite/runtime";\nconst n: number = parseJson("1", { maxDepth: "x" });',
        ),
        block("text", "a tree"),
      ];
      for (const b of bad) expect(await runBlock(b, sandbox, PACKAGES), b.code).not.toEqual([]);
      const good = [
        block("sh", "npx contract-suite validate json-value  # a comment"),
        block("js", 'import { parseJson } from "@contract-suite/runtime";\nparseJson("{}");'),
        block(
          "ts",
          'import { parseJson } from "@contract-suite/runtime";\nconst v: unknown = parseJson("1", { maxDepth: 4 });\nconsole.log(v);',
        ),
      ];
      for (const b of good) expect(await runBlock(b, sandbox, PACKAGES), b.code).toEqual([]);
    } finally {
      await sandbox.close();
    }
  }, 240_000);
});
