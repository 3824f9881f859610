// A broken-variant proxy for test/conformance/wright-agent-power.test.ts: passes stdin through to
// stdout as it arrives, and exits at the first line longer than 16 MiB, so the server behind it
// (`node overlong-line-exit.mjs | contract-suite serve wright-agent`) loses its input there, like a
// server that dies on an over-long line. Plain JavaScript (no tsx start-up). Not shipped.
const CAP = 16 * 1024 * 1024;
let length = 0;
process.stdin.on("data", (chunk) => {
  let start = 0;
  for (;;) {
    const nl = chunk.indexOf(0x0a, start);
    length += (nl < 0 ? chunk.length : nl) - start;
    if (length > CAP) process.exit(0);
    if (nl < 0) break;
    length = 0;
    start = nl + 1;
  }
  process.stdout.write(chunk);
});
process.stdin.on("end", () => process.stdout.end());
