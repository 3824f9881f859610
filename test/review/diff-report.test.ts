/**
 * `diff` as people and pull requests read it (issue 34 items 1-2, decision 280): the five-change
 * pet store (two breaking, two compatible, one needs-review) reads as five findings grouped by
 * operation in text and markdown, its github annotations name the file and line of each change
 * (files and `git:` inputs), and `--view changelog` lists the changes alone.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

const ROOT = resolve(import.meta.dirname, "../..");
const DIR = join(ROOT, "test/review/fixtures/petstore-five");
const OLD = relative(process.cwd(), join(DIR, "old.yaml"));
const NEW = relative(process.cwd(), join(DIR, "new.yaml"));
const NEW_TEXT = readFileSync(join(DIR, "new.yaml"), "utf8");
const tmp = mkdtempSync(join(tmpdir(), "contract-suite-diff-report-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** 1-based line of the first line matching `line` after the first line matching each of `after`, in order. */
function lineOf(text: string, line: RegExp, ...after: RegExp[]): number {
  const lines = text.split("\n");
  let i = 0;
  for (const a of after) {
    while (i < lines.length && !a.test(lines[i]!)) i++;
    i++;
  }
  while (i < lines.length && !line.test(lines[i]!)) i++;
  if (i >= lines.length) throw new Error(`no line ${line} in the fixture`);
  return i + 1;
}

/** Where each of the five changes is written in new.yaml. */
const LINES = {
  // The `required` of the component the request body's `$ref` names, not the `$ref` line.
  "required-added": lineOf(NEW_TEXT, /^ {6}required: \[name, ownerId\]/, /^ {4}NewPet:/),
  "type-narrowed": lineOf(NEW_TEXT, /^ {10}type: integer/, /^ {2}\/pets\/\{petId\}:/),
  "response-added": lineOf(NEW_TEXT, /^ {8}"409":/),
  "operation-added": lineOf(NEW_TEXT, /^ {4}get:/, /^ {2}\/owners:/),
  "parameter-added": lineOf(NEW_TEXT, /^ {8}- name: limit/),
};

const FINDING_LINE = /^ {2}(BREAKING|UNDECIDED|REVIEW|ok) +(.*) {2}\[([a-z0-9-]+) ([0-9a-f]{12})\]$/;

describe("diff output for people and pull requests", () => {
  it("text: a summary line, then five findings grouped by operation, breaking first, each once with its id", async () => {
    const r = await runCli(["diff", OLD, NEW]);
    expect(r.code, r.stderr).toBe(1);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toBe(`breaking: ${OLD} -> ${NEW}: 5 changes: 2 breaking, 1 needs review, 2 compatible`);
    const findings = lines.filter((l) => FINDING_LINE.test(l));
    expect(findings).toHaveLength(5);
    expect(new Set(findings.map((l) => FINDING_LINE.exec(l)![4])).size).toBe(5);
    // Groups: a heading line at column 0 after a blank line, then its findings.
    const groups: { heading: string; verdicts: string[] }[] = [];
    lines.forEach((l, i) => {
      if (i > 0 && lines[i - 1] === "" && l !== "" && !l.startsWith(" ") && !l.startsWith("verdict:"))
        groups.push({ heading: l, verdicts: [] });
      const m = FINDING_LINE.exec(l);
      if (m) groups[groups.length - 1]!.verdicts.push(m[1]!);
    });
    expect(groups).toEqual([
      { heading: "POST /pets", verdicts: ["BREAKING", "REVIEW"] },
      {
        heading: "/pets/{petId} parameters (reaches GET /pets/{petId}, DELETE /pets/{petId})",
        verdicts: ["BREAKING"],
      },
      { heading: "GET /owners", verdicts: ["ok"] },
      { heading: "GET /pets", verdicts: ["ok"] },
    ]);
    // Plain sentences, the path parameter by its name, the counterexamples as requests.
    expect(r.stdout).toContain("request body (application/json): `ownerId` is now required");
    expect(r.stdout).toContain(
      `POST /pets with body {"name":"x"} is accepted by old and refused by new: must have required property 'ownerId'`,
    );
    expect(r.stdout).toContain("path parameters: `petId` no longer accepts strings");
    expect(r.stdout).toContain("GET /pets/x is accepted by old and refused by new: petId must be integer");
    expect(r.stdout).toContain("query parameters: parameter `limit` is new");
    expect(r.stdout).not.toContain("{0}");
    expect(r.stdout).not.toMatch(/#\/paths/);
  });

  it("docs/review.md shows what the pair prints, as it prints it", async () => {
    const here = process.cwd();
    let out: string;
    try {
      process.chdir(DIR);
      out = (await runCli(["diff", "old.yaml", "new.yaml"])).stdout.trimEnd();
    } finally {
      process.chdir(here);
    }
    expect(readFileSync(join(ROOT, "docs/review.md"), "utf8")).toContain(`\`\`\`\n${out}\n\`\`\``);
  });

  it("markdown: a summary line, `### <operation>` sections, one bullet a change, breaking first", async () => {
    const r = await runCli(["diff", OLD, NEW, "--format", "markdown"]);
    expect(r.code).toBe(1);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toBe(`**breaking**: \`${OLD}\` → \`${NEW}\`: 5 changes: 2 breaking, 1 needs review, 2 compatible`);
    expect(lines.filter((l) => l.startsWith("### "))).toEqual([
      "### POST /pets",
      "### /pets/{petId} parameters",
      "### GET /owners",
      "### GET /pets",
    ]);
    const bullets = lines.filter((l) => l.startsWith("- "));
    expect(bullets.map((b) => /^- (\*\*[A-Za-z ]+\*\*|Compatible):/.exec(b)?.[1])).toEqual([
      "**Breaking**",
      "**Needs review**",
      "**Breaking**",
      "Compatible",
      "Compatible",
    ]);
    expect(r.stdout).toContain("Reaches `GET /pets/{petId}`, `DELETE /pets/{petId}`.");
    expect(bullets[0]).toContain('`POST /pets` with body `{"name":"x"}` is accepted by old and refused by new');
    for (const b of bullets) expect(b).toMatch(/<sub>[a-z0-9-]+ `[0-9a-f]{12}`<\/sub>$/);
  });

  it("github: one annotation a change, at the file and line of the change in the new document", async () => {
    const r = await runCli(["diff", OLD, NEW, "--format", "github"]);
    expect(r.code).toBe(1);
    const annotations = r.stdout.split("\n").filter((l) => l.startsWith("::"));
    expect(annotations).toHaveLength(5);
    const json = JSON.parse((await runCli(["diff", OLD, NEW, "--format", "json"])).stdout);
    for (const f of json.findings) {
      const line = LINES[f.kind as keyof typeof LINES];
      expect(line, f.kind).toBeDefined();
      // JSON carries the resolved place; the annotation names it.
      expect(f.subject.new).toMatchObject({ file: NEW, line });
      const a = annotations.find((x) => x.includes(`[${f.id}]`));
      expect(a, f.kind).toMatch(
        new RegExp(`^::\\w+ file=${NEW.replace(/[./]/g, "\\$&")},line=${line},col=\\d+,title=`),
      );
    }
    const levels = annotations.map((a) => /^::(\w+)/.exec(a)![1]);
    expect(levels).toEqual(["error", "warning", "error", "notice", "notice"]);
  });

  it("json: a path parameter's message names it as the template does, not by its place ({0})", async () => {
    const json = JSON.parse((await runCli(["diff", OLD, NEW, "--format", "json"])).stdout);
    const narrowed = json.findings.find((f: { kind: string }) => f.kind === "type-narrowed");
    expect(narrowed.message).toBe("`petId` no longer accepts strings");
    for (const f of json.findings) expect(`${f.message} ${f.evidence}`).not.toContain("{0}");
  });

  it("a change to a component three operations use is one finding reaching all three, at the component's line", async () => {
    const a = join(tmp, "shared-old.yaml");
    const b = join(tmp, "shared-new.yaml");
    writeFileSync(a, NEW_TEXT);
    writeFileSync(b, NEW_TEXT.replace("required: [id, name]", "required: [id]"));
    const [A, B] = [relative(process.cwd(), a), relative(process.cwd(), b)];
    const operations = ["GET /pets", "POST /pets", "GET /pets/{petId}"];
    const text = await runCli(["diff", A, B]);
    expect(text.code, text.stderr).toBe(1);
    expect(text.stdout.split("\n")[0]).toBe(`breaking: ${A} -> ${B}: 1 change: 1 breaking`);
    expect(text.stdout.split("\n").filter((l) => FINDING_LINE.test(l))).toEqual([
      expect.stringMatching(/^ {2}BREAKING {2}`name` is no longer required {2}\[required-removed [0-9a-f]{12}\]$/),
    ]);
    expect(text.stdout).toContain(`schema Pet (reaches ${operations.join(", ")})`);
    const md = await runCli(["diff", A, B, "--format", "markdown"]);
    expect(md.stdout.split("\n").filter((l) => l.startsWith("- "))).toHaveLength(1);
    expect(md.stdout).toContain(`Reaches ${operations.map((o) => `\`${o}\``).join(", ")}.`);
    const json = JSON.parse((await runCli(["diff", A, B, "--format", "json"])).stdout);
    expect(json.findings).toHaveLength(1);
    const f = json.findings[0];
    expect(f).toMatchObject({
      kind: "required-removed",
      verdict: "breaking",
      path: "#/components/schemas/Pet/required",
    });
    expect(f.reaches.map((r: { operation: string }) => r.operation).sort()).toEqual([...operations].sort());
    const line = lineOf(NEW_TEXT, /^ {6}required: \[id, name\]/, /^ {4}Pet:/);
    expect(f.subject.new).toMatchObject({ pointer: "#/components/schemas/Pet/required", line });
    const gh = await runCli(["diff", A, B, "--format", "github"]);
    expect(gh.stdout.split("\n").filter((l) => l.startsWith("::"))).toEqual([
      // The file is outside the working folder: named by its absolute path.
      expect.stringMatching(new RegExp(`^::error file=${b.replace(/[./]/g, "\\$&")},line=${line},`)),
    ]);
  });

  it("github: a thing removed is annotated in the old document", async () => {
    const r = await runCli(["diff", NEW, OLD, "--format", "github"]);
    const removed = r.stdout.split("\n").find((l) => l.includes("operation-removed"));
    expect(removed).toMatch(
      new RegExp(`^::error file=${NEW.replace(/[./]/g, "\\$&")},line=${LINES["operation-added"]},`),
    );
  });

  it("github: git:<ref>:<path> inputs are annotated at their repository path, from any folder", async () => {
    const repo = join(tmp, "repo");
    mkdirSync(join(repo, "api"), { recursive: true });
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", ...args], {
        cwd: repo,
        stdio: "pipe",
      });
    git("init", "-q");
    copyFileSync(join(DIR, "old.yaml"), join(repo, "api/pets.yaml"));
    git("add", ".");
    git("commit", "-qm", "old");
    copyFileSync(join(DIR, "new.yaml"), join(repo, "api/pets.yaml"));
    git("commit", "-qam", "new");
    // The working copy differs from both commits: positions must come from the committed text.
    writeFileSync(join(repo, "api/pets.yaml"), `# moved\n\n\n${NEW_TEXT}`);
    const here = process.cwd();
    try {
      for (const [cwd, path] of [
        [repo, "api/pets.yaml"],
        [join(repo, "api"), "pets.yaml"],
      ] as const) {
        process.chdir(cwd);
        const r = await runCli(["diff", `git:HEAD~1:${path}`, `git:HEAD:${path}`, "--format", "github"]);
        expect(r.code, r.stderr).toBe(1);
        const narrowed = r.stdout.split("\n").find((l) => l.includes("type-narrowed"));
        expect(narrowed).toMatch(new RegExp(`^::error file=api/pets\\.yaml,line=${LINES["type-narrowed"]},col=11,`));
      }
    } finally {
      process.chdir(here);
    }
  });

  it("--view changelog: every change grouped by operation, no verdicts, counterexamples or ids", async () => {
    const text = await runCli(["diff", OLD, NEW, "--view", "changelog"]);
    expect(text.code).toBe(1);
    const items = text.stdout.split("\n").filter((l) => l.startsWith("  - "));
    expect(items).toEqual([
      "  - request body (application/json): `ownerId` is now required",
      "  - a new response 409 may now be received",
      "  - path parameters: `petId` no longer accepts strings",
      "  - new operation GET /owners",
      "  - query parameters: parameter `limit` is new",
    ]);
    expect(text.stdout).not.toMatch(/BREAKING|breaking|compatible|accepted by|required-added|[0-9a-f]{12}/);
    const md = await runCli(["diff", OLD, NEW, "--view", "changelog", "--format", "markdown"]);
    expect(md.stdout.split("\n").filter((l) => l.startsWith("### "))).toHaveLength(4);
    expect(md.stdout.split("\n").filter((l) => l.startsWith("- "))).toHaveLength(5);
    const json = await runCli(["diff", OLD, NEW, "--view", "changelog", "--format", "json"]);
    expect(json.code).toBe(2);
    expect(json.stderr).toMatch(/--view changelog is a text or markdown view/);
  });

  it("counterexamples read as what travels: a header, a query string, a response body", async () => {
    const OLD_TEXT = readFileSync(join(DIR, "old.yaml"), "utf8");
    const params = (trace: string, limit: string) =>
      OLD_TEXT.replace(
        "      operationId: listPets\n",
        `      operationId: listPets\n      parameters:\n        - name: X-Trace\n          in: header\n          schema:\n            type: string\n${trace}        - name: limit\n          in: query\n          schema:\n            type: integer\n${limit}`,
      );
    const a = join(tmp, "params-old.yaml");
    const b = join(tmp, "params-new.yaml");
    writeFileSync(a, params("", ""));
    writeFileSync(
      b,
      params("            maxLength: 4\n", "            maximum: 100\n").replace(
        "required: [id, name]",
        "required: [id]",
      ),
    );
    const r = await runCli(["diff", a, b]);
    expect(r.stdout).toContain(
      "GET /pets with header x-trace: xxxxx is accepted by old and refused by new: x-trace must NOT have more than 4 characters",
    );
    expect(r.stdout).toContain("GET /pets?limit=101 is accepted by old and refused by new: limit must be <= 100");
    expect(r.stdout).toContain(
      `a 200 response to GET /pets with body [{"id":"x"}] is accepted by new and refused by old: [0] must have required property 'name'`,
    );
  });

  it("a value no URL can carry (a lone surrogate) is shown as JSON, never an internal error", async () => {
    const api = (values: string[]) => ({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {
        "/pets/{id}": {
          get: {
            parameters: [
              { name: "id", in: "path", required: true, schema: { type: "string", enum: values } },
              { name: "q", in: "query", schema: { type: "string", enum: values } },
            ],
            responses: { "200": { description: "ok" } },
          },
        },
      },
    });
    const a = join(tmp, "surrogate-old.json");
    const b = join(tmp, "surrogate-new.json");
    writeFileSync(a, JSON.stringify(api(["a", "\ud800"])));
    writeFileSync(b, JSON.stringify(api(["a"])));
    const r = await runCli(["diff", a, b]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain('GET /pets/"\\ud800" is accepted by old and refused by new');
    expect(r.stdout).toContain('GET /pets/{id}?q="\\ud800" is accepted by old and refused by new');
  });

  it("a JSON Schema definition is a group of its own, annotated at its line", async () => {
    const schema = (turn: object) => ({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $defs: { Turn: { type: "object", properties: { by: turn }, required: ["by"] } },
    });
    const a = join(tmp, "a.json");
    const b = join(tmp, "b.json");
    writeFileSync(a, JSON.stringify(schema({ type: "string" }), null, 2));
    writeFileSync(b, JSON.stringify(schema({ type: "string", maxLength: 3 }), null, 2));
    const r = await runCli(["diff", a, b]);
    expect(r.stdout.split("\n")).toContain("#/$defs/Turn");
    const gh = await runCli(["diff", a, b, "--format", "github"]);
    const maxLine =
      readFileSync(b, "utf8")
        .split("\n")
        .findIndex((l) => l.includes('"maxLength"')) + 1;
    expect(gh.stdout).toMatch(new RegExp(`^::error file=[^,]*b\\.json,line=${maxLine},`, "m"));
  });
});
