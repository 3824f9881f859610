/**
 * The CLI as a whole process (what a conformance runner pays per spawned command) and what a client
 * team's install brings. Whole-process times are interleaved with `node -e ""` in the same run.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bySize, median, pairedRatio, type Bench, type Row } from "./measure.js";

const REPO = join(import.meta.dirname, "../..");
const BIN = join(REPO, "bin/contract-suite.mjs");
const TEN_EVENTS = Array.from({ length: 9 }, (_, i) =>
  JSON.stringify(
    i === 0
      ? { type: "block_start", index: 0, block_id: "b0", block: { kind: "text", text: "" } }
      : {
          type: "block_delta",
          index: 0,
          block_id: "b0",
          seq: i - 1,
          delta: { op: "field_set", path: "/text", value: "x".repeat(i) },
        },
  ),
)
  .concat(JSON.stringify({ type: "done", finish_reason: "stop" }))
  .join("\n");

function wall(args: string[], input?: string): number {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { input, encoding: "utf8" });
  if (r.status !== 0 && r.status !== 1) throw new Error(`${args.join(" ")} exited ${r.status}: ${r.stderr}`);
  return Number(process.hrtime.bigint() - t) / 1e6;
}

/**
 * Whole-process wall time over `node -e ""`, paired: each round runs both back to back in alternating
 * order (bare, ours / ours, bare), and the ratio is the median of the per-round quotients (decision
 * 202): two processes a few hundred ms apart see the same load, two medians over the run do not.
 */
function processRatio(args: string[], input: string | undefined, rounds: number): Row {
  const ours: number[] = [];
  const bare: number[] = [];
  // Warm-up: the file cache for the CLI's modules and node itself, twice each.
  for (let i = 0; i < 2; i++) {
    wall(["-e", ""]);
    wall(args, input);
  }
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      bare.push(wall(["-e", ""]));
      ours.push(wall(args, input));
    } else {
      ours.push(wall(args, input));
      bare.push(wall(["-e", ""]));
    }
  }
  return {
    value: Math.round(median(ours)),
    unit: "ms",
    baseline: `node -e "": ${Math.round(median(bare))} ms (medians; ratio = median of ${rounds} paired rounds)`,
    ratio: pairedRatio(ours, bare),
  };
}

export const cliColdStartBench: Bench = {
  name: "cli.coldStart",
  what: '`frame-wire fold` on 10 events as a whole process, over `node -e ""`',
  target: "<= 3x",
  run: async ({ size }) => processRatio([BIN, "frame-wire", "fold"], TEN_EVENTS, bySize(size, 2, 21, 31)),
};

export const cliHelpBench: Bench = {
  name: "cli.help",
  what: '`contract-suite --help` as a whole process, over `node -e ""`',
  target: "<= 4x",
  run: async ({ size }) => processRatio([BIN, "--help"], undefined, bySize(size, 2, 21, 31)),
};

/** The packages with an install row: only these are packed (packing the CLI package too took minutes). */
const INSTALL_ROWS = ["frame-wire", "wit-client"] as const;

let packs: string | undefined;
function packOnce(): string {
  if (packs) return packs;
  packs = mkdtempSync(join(tmpdir(), "bench-packs-"));
  const workspaces = INSTALL_ROWS.flatMap((p) => ["--workspace", `packages/${p}`]);
  execFileSync("npm", ["pack", ...workspaces, "--pack-destination", packs, "--silent"], {
    cwd: REPO,
    stdio: ["ignore", "ignore", "inherit"],
  });
  return packs;
}

function installRow(pkg: string, limit: number): Bench {
  return {
    name: `install.${pkg}`,
    heavy: true,
    what: `packages a fresh project gets from installing @contract-suite/${pkg} (from the npm cache)`,
    target: `<= ${limit} packages, no native build`,
    async run() {
      const dir = packOnce();
      const tarball = readdirSync(dir).find((f) => f.startsWith(`contract-suite-${pkg}-`))!;
      const project = mkdtempSync(join(tmpdir(), `bench-install-${pkg}-`));
      try {
        writeFileSync(join(project, "package.json"), JSON.stringify({ name: "p", version: "1.0.0", private: true }));
        execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", join(dir, tarball)], {
          cwd: project,
          stdio: "ignore",
        });
        let packages = 0;
        let bytes = 0;
        let native = 0;
        const walk = (d: string) => {
          for (const e of readdirSync(d, { withFileTypes: true })) {
            const p = join(d, e.name);
            if (e.isDirectory()) {
              if (d.endsWith("node_modules") && !e.name.startsWith(".") && !e.name.startsWith("@")) packages++;
              if (d.endsWith("node_modules") && e.name.startsWith("@")) packages += readdirSync(p).length;
              walk(p);
            } else {
              bytes += statSync(p).size;
              if (e.name.endsWith(".node") || e.name === "binding.gyp") native++;
            }
          }
        };
        mkdirSync(join(project, "node_modules"), { recursive: true });
        walk(join(project, "node_modules"));
        const ok = packages <= limit && native === 0;
        return {
          value: packages,
          unit: "packages",
          baseline: `${(bytes / 1e6).toFixed(1)} MB, ${native} native file(s)`,
          ratio: ok ? packages / limit : Math.max(packages / limit, 1.01),
        };
      } finally {
        rmSync(project, { recursive: true, force: true });
      }
    },
  };
}

export const cliBenches: Bench[] = [cliColdStartBench, cliHelpBench, ...INSTALL_ROWS.map((p) => installRow(p, 15))];
