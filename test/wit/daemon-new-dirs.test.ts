/**
 * Issue 36, item 2: a caller in a file created anywhere — a new directory, a new nested directory,
 * a directory moved in from outside the root, a directory created and filled by one `cp -r` — is
 * seen by the very next request after the write returns, with the machine kept busy by CPU-bound
 * child processes (one per core). Real files, a real daemon on a real Unix socket.
 *
 * Each round: bob locks the new caller before its file exists (a lock on a file not written yet
 * is allowed), the file is written by one of the four ways, and alice's lock of the callee — the
 * first request after the write — must warn that bob holds a caller. 20 rounds of every case in a
 * row; CONTRACT_SUITE_FULL=1 runs them on a 10,000-file tree (else 1,000 files).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { witPaths } from "../../src/wit/protocol.js";
import { removeTempRoots, request, rpc, spawnDaemon, tempRoot, type DaemonProcess } from "./daemon-helpers.js";

const FULL = process.env.CONTRACT_SUITE_FULL !== undefined && process.env.CONTRACT_SUITE_FULL !== "";
const FILES = FULL ? 10_000 : 1_000;
const ROUNDS = 20;
const PER_DIR = 50;
const PACKAGES = 10;

/** packages/pkgNN/src/mK/fI.ts: fnI calls fn(I+1) (a relative import inside or across packages). */
const dirOfFile = (i: number) =>
  `packages/pkg${String(i % PACKAGES).padStart(2, "0")}/src/m${Math.floor(i / (PER_DIR * PACKAGES))}`;

function writeTree(root: string, files: number): void {
  const dirOf = dirOfFile;
  const made = new Set<string>();
  for (let i = 0; i < files; i++) {
    const dir = dirOf(i);
    if (!made.has(dir)) {
      mkdirSync(path.join(root, dir), { recursive: true });
      made.add(dir);
    }
    const next = (i + 1) % files;
    const rel = path.posix.relative(dir, `${dirOf(next)}/f${next}`);
    writeFileSync(
      path.join(root, dir, `f${i}.ts`),
      `import { fn${next} } from "${rel.startsWith(".") ? rel : `./${rel}`}";\n\nexport function fn${i}(x: number): number {\n  return x > 0 ? fn${next}(x - 1) + ${i} : ${i};\n}\n`,
    );
  }
}

/** The callee every new caller calls: f3 lives in packages/pkg03/src/m0. */
const CALLEE = "packages/pkg03/src/m0/f3.ts:fn3";
const callerText = (fromDir: string, fn: string) => {
  const rel = path.posix.relative(fromDir, "packages/pkg03/src/m0/f3");
  return `import { fn3 } from "${rel}";\n\nexport function ${fn}(x: number): number {\n  return fn3(x) + 1;\n}\n`;
};

let daemon: DaemonProcess;
let outside: string;
const busy: ChildProcess[] = [];
let loading = true;
let background: Promise<number>[] = [];

/** Other sessions' lock.acquire + lock.release pairs on tree symbols, so refreshes run all the time. */
async function lockLoop(client: number): Promise<number> {
  let pairs = 0;
  for (let k = 0; loading; k++) {
    const n = 4 + ((client * 997 + k * 7919) % (FILES - 4)); // never fn3, the callee of the rounds
    const symbolPath = `${dirOfFile(n)}/f${n}.ts:fn${n}`;
    const sessionId = `load-${client}`;
    await rpc(daemon.socket, request("lock.acquire", { symbolPath, sessionId }, `l-${client}-${k}`));
    await rpc(daemon.socket, request("lock.release", { symbolPath, sessionId }, `r-${client}-${k}`));
    pairs++;
  }
  return pairs;
}

beforeAll(async () => {
  const root = tempRoot("wit-newdirs-");
  // Outside the root, on the same file system (a rename into the root must be a move, not a copy).
  outside = mkdtempSync(path.join(tmpdir(), "wit-newdirs-outside-"));
  writeTree(root, FILES);
  daemon = await spawnDaemon(root);
  // The cold graph is built before the rounds (the first lock waits for it).
  await rpc(daemon.socket, request("lock.acquire", { symbolPath: CALLEE, sessionId: "warm" }, "warm"));
  await rpc(daemon.socket, request("lock.release", { symbolPath: CALLEE, sessionId: "warm" }, "warm-r"));
  for (let i = 0; i < availableParallelism(); i++) {
    busy.push(spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
  }
  background = Array.from({ length: 4 }, (_, c) => lockLoop(c));
}, 300_000);

afterAll(async () => {
  loading = false;
  await Promise.all(background);
  for (const child of busy) child.kill("SIGKILL");
  await daemon?.stop();
  rmSync(outside, { recursive: true, force: true });
  removeTempRoots();
});

interface Case {
  /** The caller's file (root-relative) and function in `round`, known before it is written. */
  caller(round: number): { file: string; fn: string };
  /** Writes that file by this case's way. */
  write(round: number, file: string, fn: string): void;
}

const inRoot = (rel: string) => path.join(daemon.root, rel);

const CASES: Record<string, Case> = {
  "a new directory": {
    caller: (round) => ({ file: `packages/pkg03/src/late-added-${round}/lateCaller.ts`, fn: `lateCaller${round}` }),
    write: (_round, file, fn) => {
      mkdirSync(inRoot(path.posix.dirname(file)));
      writeFileSync(inRoot(file), callerText(path.posix.dirname(file), fn));
    },
  },
  "a new nested directory": {
    caller: (round) => ({
      file: `packages/pkg05/src/nested-${round}/deeper/deepest/nested.ts`,
      fn: `nestedCaller${round}`,
    }),
    write: (_round, file, fn) => {
      mkdirSync(inRoot(path.posix.dirname(file)), { recursive: true });
      writeFileSync(inRoot(file), callerText(path.posix.dirname(file), fn));
    },
  },
  "a directory moved in from outside the root": {
    caller: (round) => ({ file: `packages/pkg07/src/moved-in-${round}/inner/moved.ts`, fn: `movedCaller${round}` }),
    write: (round, file, fn) => {
      const staged = path.join(outside, `moved-${round}`);
      mkdirSync(path.join(staged, "inner"), { recursive: true });
      writeFileSync(path.join(staged, "inner", "moved.ts"), callerText(path.posix.dirname(file), fn));
      renameSync(staged, inRoot(`packages/pkg07/src/moved-in-${round}`));
    },
  },
  "a directory created and filled by one cp -r": {
    caller: (round) => ({ file: `packages/pkg09/src/copied-${round}/a/b/copied.ts`, fn: `copiedCaller${round}` }),
    write: (round, file, fn) => {
      const staged = path.join(outside, `copy-${round}`);
      mkdirSync(path.join(staged, "a", "b"), { recursive: true });
      for (let k = 0; k < 5; k++) writeFileSync(path.join(staged, "a", `other${k}.ts`), `export const v${k} = ${k};\n`);
      writeFileSync(path.join(staged, "a", "b", "copied.ts"), callerText(path.posix.dirname(file), fn));
      execFileSync("cp", ["-r", staged, inRoot(`packages/pkg09/src/copied-${round}`)]);
    },
  },
};

describe(`a caller written anywhere is seen by the next request (${FILES} files, CPU-bound children on every core)`, () => {
  for (const [name, c] of Object.entries(CASES)) {
    it(
      `${name}: ${ROUNDS} rounds in a row`,
      async () => {
        for (let round = 0; round < ROUNDS; round++) {
          const { file, fn } = c.caller(round);
          const caller = `${file}:${fn}`;
          const held = await rpc(
            daemon.socket,
            request("lock.acquire", { symbolPath: caller, sessionId: "bob" }, `b-${round}`),
          );
          expect(held.result, `round ${round}: bob's lock`).toBeDefined();
          c.write(round, file, fn);
          const answer = await rpc(
            daemon.socket,
            request("lock.acquire", { symbolPath: CALLEE, sessionId: "alice" }, `a-${round}`),
          );
          await rpc(daemon.socket, request("lock.release", { symbolPath: CALLEE, sessionId: "alice" }, `ar-${round}`));
          await rpc(daemon.socket, request("lock.release", { symbolPath: caller, sessionId: "bob" }, `br-${round}`));
          expect(answer, `${name}, round ${round}: the next request sees the new caller`).toMatchObject({
            result: { warnings: [{ lockedSymbol: caller, heldBy: "bob", chain: [caller, CALLEE] }] },
          });
        }
        expect(readFileSync(witPaths(daemon.root).logFile, "utf8")).not.toMatch(
          /file events may be lost|no file watcher/,
        );
      },
      FULL ? 600_000 : 180_000,
    );
  }
});
