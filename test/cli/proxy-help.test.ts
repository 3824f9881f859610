/** `proxy --help` (and each proxy's) says what exit 1 means for traffic, in the shared exit-code section. */
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

describe("proxy --help", () => {
  it("states exit 1 as a broken contract in the traffic, not the generic check failure", async () => {
    for (const cmd of [["proxy"], ["proxy", "frame-wire"], ["proxy", "wit"], ["proxy", "wright-agent"]]) {
      const r = await runCli([...cmd, "--help"]);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(
        /Exit codes:\n {2}0 {2}success\n {2}1 {2}the traffic broke the contract at least once\n {2}2 {2}usage error/,
      );
      expect(r.stdout).not.toMatch(/a check failed/);
    }
  });
});
