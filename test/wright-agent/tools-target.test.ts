import { describe, expect, it } from "vitest";
import { resolve } from "node:path";
import { runCli } from "../helpers/cli.js";
import { faultyCommand } from "./faulty-hosts/command.js";

const BIN = `node ${resolve(import.meta.dirname, "../../bin/contract-suite.mjs")}`;

describe("tools wright-agent --target (advertised operations from a live server)", () => {
  it("emits one tool per operation the server's capabilities advertise", async () => {
    const all = await runCli(["tools", "wright-agent", "--target", `${BIN} serve wright-agent`]);
    expect(all.code, all.stderr).toBe(0);
    expect(JSON.parse(all.stdout).tools).toHaveLength(24);
    // A server advertising 22 operations (simulate and lookup withheld: the real mock behind a proxy
    // that narrows capabilities) gets 22 tools.
    const narrowing = faultyCommand("mcp-lists-unadvertised", [
      process.execPath,
      resolve(import.meta.dirname, "../../bin/contract-suite.mjs"),
      "serve",
      "wright-agent",
    ]).join(" ");
    const fewer = await runCli(["tools", "wright-agent", "--target", narrowing]);
    expect(fewer.code, fewer.stderr).toBe(0);
    const names = (JSON.parse(fewer.stdout).tools as { name: string }[]).map((t) => t.name);
    expect(names).toHaveLength(22);
    expect(names).not.toContain("wright_simulate");
    expect(names).not.toContain("wright_lookup");
    // --operations still narrows, within what is advertised.
    const narrowed = await runCli([
      "tools",
      "wright-agent",
      "--target",
      narrowing,
      "--operations",
      "findings",
      "simulate",
    ]);
    expect((JSON.parse(narrowed.stdout).tools as { name: string }[]).map((t) => t.name)).toEqual(["wright_findings"]);
  }, 60_000);
});
