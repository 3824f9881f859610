/**
 * Item 1 of issue 13 end to end: a real daemon process keeps its caller graph fresh by file events.
 * An edit that adds a call is seen by the very next lock.acquire (a CallerWarning appears), an edit
 * that removes it makes the warning go away, and `.wit/` is git-ignored by the daemon itself.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { witPaths } from "../../src/wit/protocol.js";
import {
  removeTempRoots,
  request,
  rpc,
  spawnDaemon,
  tempRoot,
  writeFiles,
  type DaemonProcess,
} from "./daemon-helpers.js";

const readDaemonLog = (root: string) => readFileSync(witPaths(root).logFile, "utf8");

let daemon: DaemonProcess;
const LIB = "export function validate(t: string): boolean { return t.length > 0; }\n";
const routes = (calls: boolean) =>
  `import { validate } from "./auth";\nexport function handle(t: string) { return ${calls ? "validate(t)" : "true"}; }\n`;

beforeAll(async () => {
  const root = tempRoot("wit-fresh-");
  execFileSync("git", ["init", "-q"], { cwd: root });
  writeFiles(root, { "src/auth.ts": LIB, "src/routes.ts": routes(false) });
  daemon = await spawnDaemon(root);
});
afterAll(async () => {
  await daemon?.stop();
  removeTempRoots();
});

describe("the daemon's caller graph follows the files", () => {
  it("the next lock after an edit sees the new call, and the one after the revert does not", async () => {
    const caller = "src/routes.ts:handle";
    expect(
      (await rpc(daemon.socket, request("lock.acquire", { symbolPath: caller, sessionId: "bob" }, "b1"))).result,
    ).toBeDefined();
    for (let round = 0; round < 5; round++) {
      writeFileSync(path.join(daemon.root, "src/routes.ts"), routes(true));
      const on = await rpc(
        daemon.socket,
        request("lock.acquire", { symbolPath: "src/auth.ts:validate", sessionId: "alice" }, `a${round}`),
      );
      expect(on.result.warnings, `round ${round}: call added`).toEqual([
        { lockedSymbol: caller, heldBy: "bob", chain: [caller, "src/auth.ts:validate"] },
      ]);
      writeFileSync(path.join(daemon.root, "src/routes.ts"), routes(false));
      const off = await rpc(
        daemon.socket,
        request("lock.acquire", { symbolPath: "src/auth.ts:validate", sessionId: "alice" }, `c${round}`),
      );
      expect(off.result.warnings, `round ${round}: call removed`).toEqual([]);
    }
    expect(readDaemonLog(daemon.root)).not.toMatch(/file events may be lost|no file watcher/);
  });

  it("writes .wit/.gitignore so git status stays clean", () => {
    expect(readFileSync(path.join(daemon.root, ".wit", ".gitignore"), "utf8")).toMatch(/^\*$/m);
    const status = execFileSync("git", ["status", "--porcelain", "--untracked-files=all"], {
      cwd: daemon.root,
      encoding: "utf8",
    });
    expect(status.split("\n").filter((l) => l.includes(".wit"))).toEqual([]);
  });
});
