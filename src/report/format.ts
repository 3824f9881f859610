/** Output-format helpers shared by every command that reports (conform, check, diff, lint). */

export const FORMATS = ["text", "json", "markdown", "junit"] as const;
export type Format = (typeof FORMATS)[number];

export function xmlEscape(s: string): string {
  // Also drop characters XML 1.0 cannot carry at all.
  return s
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

export function markdownCell(s: string): string {
  return s.replace(/\|/g, "\\|").replace(/\r?\n/g, "<br>");
}

export function markdownTable(header: string[], rows: string[][]): string {
  return [
    `| ${header.map(markdownCell).join(" | ")} |`,
    `|${header.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r.map(markdownCell).join(" | ")} |`),
  ].join("\n");
}

export interface JunitCase {
  classname: string;
  name: string;
  timeSeconds: number;
  failure?: { message: string; body: string };
  skipped?: boolean;
}

export interface JunitSuite {
  name: string;
  cases: JunitCase[];
}

export function junitXml(suites: JunitSuite[]): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const total = suites.reduce((n, s) => n + s.cases.length, 0);
  const failures = suites.reduce((n, s) => n + s.cases.filter((c) => c.failure).length, 0);
  out.push(`<testsuites tests="${total}" failures="${failures}">`);
  for (const s of suites) {
    const f = s.cases.filter((c) => c.failure).length;
    const sk = s.cases.filter((c) => c.skipped).length;
    const time = s.cases.reduce((t, c) => t + c.timeSeconds, 0);
    out.push(
      `  <testsuite name="${xmlEscape(s.name)}" tests="${s.cases.length}" failures="${f}" skipped="${sk}" time="${time.toFixed(3)}">`,
    );
    for (const c of s.cases) {
      const open = `    <testcase classname="${xmlEscape(c.classname)}" name="${xmlEscape(c.name)}" time="${c.timeSeconds.toFixed(3)}"`;
      if (c.failure) {
        out.push(
          `${open}>`,
          `      <failure message="${xmlEscape(c.failure.message)}">${xmlEscape(c.failure.body)}</failure>`,
          "    </testcase>",
        );
      } else if (c.skipped) out.push(`${open}>`, "      <skipped/>", "    </testcase>");
      else out.push(`${open}/>`);
    }
    out.push("  </testsuite>");
  }
  out.push("</testsuites>");
  return out.join("\n") + "\n";
}

/** One line per stage: a redrawn line on a TTY, plain lines otherwise (CI logs). */
export class Progress {
  private readonly tty: boolean;
  constructor(private readonly stream: NodeJS.WriteStream = process.stderr) {
    this.tty = Boolean(stream.isTTY) && !process.env.CI;
  }
  update(done: number, total: number, label: string): void {
    if (!this.tty) return;
    const width = 24;
    const filled = total ? Math.round((done / total) * width) : width;
    this.stream.write(`\r\x1b[2K[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} ${label}`);
  }
  line(text: string): void {
    if (this.tty) this.stream.write("\r\x1b[2K");
    this.stream.write(text + "\n");
  }
  done(): void {
    if (this.tty) this.stream.write("\r\x1b[2K");
  }
}
