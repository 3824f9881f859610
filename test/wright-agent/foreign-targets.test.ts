/**
 * conform / tools against servers that are not ours: unexpected shapes are failed checks with a
 * message (never a TypeError), a target that dies at start is reported at once with its exit code
 * and stderr, and tools --target names the advertised operations it cannot describe.
 */
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

const FOREIGN = `node ${resolve(import.meta.dirname, "servers/foreign-stdio.mjs")}`;

describe("conform wright-agent against foreign servers", () => {
  it("a target that exits at start is reported with its exit code and stderr, not as a timeout", async () => {
    const r = await runCli([
      "conform",
      "wright-agent",
      "--target",
      "sh -c 'echo cannot bind project >&2; exit 7'",
      "--transport",
      "stdio",
    ]);
    expect(r.code).not.toBe(0);
    const text = r.stdout + r.stderr;
    expect(text).toMatch(/exited with code 7/);
    expect(text).toMatch(/cannot bind project/);
    expect(text).not.toMatch(/no reply within/);
  }, 60_000);

  it("capabilities in an unexpected shape fails checks with a message, never a TypeError", async () => {
    const r = await runCli(["conform", "wright-agent", "--target", `${FOREIGN} wrapped`, "--transport", "stdio"]);
    expect(r.code).toBe(1);
    const text = r.stdout + r.stderr;
    expect(text).not.toMatch(/TypeError|is not iterable/);
    expect(text).toMatch(/capabilities/);
  }, 60_000);
});

describe("tools wright-agent --target against a foreign server", () => {
  it("names the advertised operations it does not know instead of dropping them silently", async () => {
    const r = await runCli(["tools", "wright-agent", "--target", `${FOREIGN} extra-op`]);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout).tools as { name: string }[]).map((t) => t.name)).toEqual([
      "wright_capabilities",
      "wright_findings",
    ]);
    expect(r.stderr).toMatch(/does not define.*teleport/);
  }, 60_000);
});
