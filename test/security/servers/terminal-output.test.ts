/**
 * Names from a repository on a person's terminal (issue 32 item 6): a file named with an ANSI
 * colour sequence and a right-to-left override (U+202E), locked, contracted and broken under a real
 * daemon, then shown by `wit status`, `wit lock` and the pre-commit hook (real processes through the
 * bin). Every control character arrives as a visible `\uXXXX` escape, never raw; an intent
 * description with CR/LF cannot forge a line; the JSON output carries the exact names (escaped
 * the JSON way, so parsing gives them back).
 */
import { execFile, execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { terminalField, terminalText } from "../../../src/report/terminal.js";
import { CLI_BIN } from "../../../src/wit/daemon-command.js";
import { removeTempRoots, spawnDaemon, tempRoot, writeFiles, type DaemonProcess } from "../../wit/daemon-helpers.js";

const FILE = "src/\u001b[31mred\u202eevil.ts";
const SHOWN = "src/\\u001b[31mred\\u202eevil.ts";
const SOURCE = "export function f(a: string): string {\n  return a;\n}\n";
const BROKEN = "export function f(a: string, b: number): string {\n  return a;\n}\n";
/** Raw controls other than newline, DEL, C1 and the bidi controls. */
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

function cli(root: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI_BIN, ...args, "--root", root],
      { encoding: "utf8", timeout: 60_000 },
      (e, stdout, stderr) => resolve({ code: e ? Number((e as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let root: string;
let daemon: DaemonProcess;
beforeAll(async () => {
  root = tempRoot("wit-terminal-");
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, stdio: "ignore" });
  git("init", "-q");
  writeFiles(root, { [FILE]: SOURCE });
  daemon = await spawnDaemon(root);
}, 120_000);
afterAll(async () => {
  await daemon?.stop();
  removeTempRoots();
});

describe("terminal output escapes control characters from data", { timeout: 120_000 }, () => {
  it("wit lock and wit status show the file name escaped; --json gives it back exactly", async () => {
    const lock = await cli(root, "wit", "lock", `${FILE}:f`, "--session", "s\u001b]0;pwned\u0007");
    expect(lock.code, lock.stderr).toBe(0);
    expect(lock.stdout).toContain(`locked ${SHOWN}:f for s\\u001b]0;pwned\\u0007 until`);
    expect(lock.stdout).not.toMatch(RAW);

    const status = await cli(root, "wit", "status");
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain(`  ${SHOWN}:f  held by s\\u001b]0;pwned\\u0007`);
    expect(status.stdout).not.toMatch(RAW);

    const json = await cli(root, "wit", "status", "--json");
    expect(json.stdout).not.toMatch(RAW);
    expect(JSON.parse(json.stdout).locks[0].symbolPath).toBe(`${FILE}:f`);
  });

  it("an intent description with CR/LF cannot forge a line of wit's output", async () => {
    const forged = "harmless\r\nwit: 0 file(s) checked, every accepted contract holds\u2028";
    const declared = await cli(root, "wit", "declare", forged, "--file", FILE, "--session", "s2");
    expect(declared.code, declared.stderr).toBe(0);
    const status = await cli(root, "wit", "status");
    const line = status.stdout.split("\n").find((l) => l.includes("harmless"));
    expect(line).toContain(
      `${SHOWN},  harmless\\u000d\\u000awit: 0 file(s) checked, every accepted contract holds\\u2028`,
    );
    expect(status.stdout.split("\n").filter((l) => l.startsWith("wit: "))).toEqual([]);
    expect(status.stdout).not.toMatch(RAW);
  });

  it("the pre-commit hook names the broken symbol escaped", async () => {
    const proposed = await cli(root, "wit", "propose", `${FILE}:f`, "--session", "alice", "--json");
    expect(proposed.code, proposed.stderr).toBe(0);
    expect(proposed.stdout).not.toMatch(RAW);
    const { contractId } = JSON.parse(proposed.stdout) as { contractId: string };
    expect((await cli(root, "wit", "respond", contractId, "--accept", "--session", "bob")).code).toBe(0);
    writeFileSync(path.join(root, FILE), BROKEN);
    execFileSync("git", ["add", "--", FILE], { cwd: root });
    const hook = await cli(root, "wit", "hook", "run");
    expect(hook.code, hook.stderr).toBe(1);
    expect(hook.stderr).toContain(`wit: contract violation in ${SHOWN}:f`);
    expect(hook.stderr).not.toMatch(RAW);
    expect(hook.stdout + hook.stderr).not.toContain("\u001b");
  });
});

describe("terminalField / terminalText", () => {
  it("escape C0, ESC, DEL, C1 and the bidi controls; text keeps its newlines and tabs; the rest is untouched", () => {
    const all = [
      ..."\u0000\u0007\b\t\n\r\u001b\u007f\u0080\u0085\u009b\u061c\u200e\u200f\u2028\u2029\u202a\u202d\u202e\u2066\u2069",
    ];
    const field = terminalField(all.join(""));
    expect(field).not.toMatch(RAW);
    expect(field).not.toContain("\n");
    expect(field.split("\\u").length - 1).toBe(all.length);
    expect(JSON.parse(`"${field}"`)).toBe(all.join(""));
    expect(terminalText("a\tb\nc\u001b[2Jd\u202ee")).toBe("a\tb\nc\\u001b[2Jd\\u202ee");
    const plain = "ünïcödé 日本語 emoji 🙂 \u200d zero-width joiner, tab-free";
    expect(terminalField(plain)).toBe(plain);
    expect(terminalText(plain)).toBe(plain);
  });
});
