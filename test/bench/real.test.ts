/** scripts/bench/real.ts: whole commands timed the same way for ours and a peer, and the row they make. */
import { describe, expect, it } from "vitest";
import { diffOpenRpcRealBench, sideBySideRow, timeCommand } from "../../scripts/bench/real.js";

describe("side-by-side rows on real descriptions", () => {
  it("timeCommand reports a command's wall time, exit code and peak RSS", () => {
    // 200 MB held at once: the peak RSS must show it, a small command must not.
    const big = timeCommand(
      [process.execPath, "-e", "const b = Buffer.alloc(200 * 1024 * 1024, 1); process.exit(b[0] === 1 ? 3 : 0)"],
      60,
      process.cwd(),
    );
    expect(big.code).toBe(3);
    expect(big.rssMB).toBeGreaterThan(190);
    const small = timeCommand([process.execPath, "-e", "setTimeout(() => {}, 300)"], 60, process.cwd());
    expect(small.code).toBe(0);
    expect(small.rssMB).toBeLessThan(150);
    expect(small.seconds).toBeGreaterThanOrEqual(0.25);
  });

  it("a command past its time is stopped and reported as such", () => {
    const r = timeCommand([process.execPath, "-e", "setTimeout(() => {}, 10000)"], 1, process.cwd());
    expect(r.timedOut).toBe(true);
    const row = sideBySideRow({ seconds: 2, rssMB: 100, code: 0, timedOut: false }, "peer", r);
    expect(row.baseline).toMatch(/^peer > \d+ s \(stopped\)/);
    // A stopped peer has no time to divide by: the ratio is ours alone.
    expect(row.ratio).toBe(2);
  });

  it("the ratio is ours over the peer's, and a missing peer is named", () => {
    const ours = { seconds: 3, rssMB: 200, code: 0, timedOut: false };
    const row = sideBySideRow(ours, "openapi-typescript", { seconds: 6, rssMB: 300, code: 0, timedOut: false });
    expect(row.ratio).toBe(0.5);
    expect(row.baseline).toBe("openapi-typescript 6.0 s, 300 MB, exit 0; ours contract-suite 3.0 s, 200 MB, exit 0");
    expect(sideBySideRow(ours, "redocly lint", undefined).baseline).toMatch(
      /redocly lint not installed \(npm run bench:peers\)/,
    );
  });

  it("diff.openrpc.real runs the whole command at the tiny size", async () => {
    const row = await diffOpenRpcRealBench.run({ size: "tiny" });
    expect(row.unit).toBe("s");
    expect(row.value).toBeGreaterThan(0);
    expect(row.baseline).toMatch(/exit 0/);
  }, 60_000);
});
