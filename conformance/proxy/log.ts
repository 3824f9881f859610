/**
 * What `contract-suite proxy` reports: violations of the contract seen on live traffic, each as one
 * text line or one JSON line, written as they are found (decision 312). Within one exchange (a
 * frame-wire stream, a Wit HTTP request, a wright-agent session) only the first violation of each
 * kind is reported: the rest of a broken stream usually repeats the same fault.
 */
import type { ValidationError } from "../../src/json/index.js";
import { terminalField } from "../../src/report/terminal.js";

export type ProxyTransport = "frame-wire" | "wit" | "wright-agent";

export interface Violation {
  transport: ProxyTransport;
  /** 1-based number of the exchange (frame-wire: the request; wit: the HTTP request; wright-agent: the line pair). */
  exchange: number;
  /** Stable name of the rule broken, e.g. `frame-event`, `fold/pointer_missing_container`, `response-schema`. */
  kind: string;
  /** Who broke it: the client (its request) or the server (its answer). */
  side: "client" | "server";
  message: string;
  /** 0-based index of the offending event (frame-wire) or line (wright-agent, per direction); null when the whole exchange is at fault. */
  index: number | null;
  /** RFC 6901 pointer into the offending value ("" for the value itself); null when it has none. */
  pointer: string | null;
  /** The offending value (an event, a request, an answer), or its raw text when it is not JSON. */
  value?: unknown;
}

export type ProxyFormat = "text" | "json";
export const PROXY_FORMATS: readonly ProxyFormat[] = ["text", "json"];

const MAX_VALUE_CHARS = 600;

function shortJson(v: unknown): string {
  let s: string;
  try {
    s = typeof v === "string" ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  } catch {
    s = String(v);
  }
  return s.length > MAX_VALUE_CHARS ? `${s.slice(0, MAX_VALUE_CHARS - 1)}…` : s;
}

/** One violation as the line it is printed as. */
export function formatViolation(v: Violation, format: ProxyFormat): string {
  if (format === "json") {
    const value = v.value === undefined ? {} : { value: v.value };
    return JSON.stringify({ ...v, ...value });
  }
  const where = [
    v.index === null ? null : `${v.transport === "frame-wire" ? "event" : "line"} ${v.index}`,
    v.pointer === null ? null : `at ${v.pointer === "" ? '""' : v.pointer}`,
  ]
    .filter((x) => x !== null)
    .join(" ");
  // Messages and values come from the traffic: escaped, so a peer cannot forge a line of the report.
  const value = v.value === undefined ? "" : `\n    ${terminalField(shortJson(v.value))}`;
  return `violation ${v.transport} #${v.exchange} ${terminalField(v.kind)} (${v.side})${where ? ` ${terminalField(where)}` : ""}: ${terminalField(v.message)}${value}`;
}

/** The violation log of one proxy run: first of each kind per exchange, written at once, counted. */
export class ViolationLog {
  private readonly seen = new Map<number, Set<string>>();
  private readonly kinds = new Map<string, number>();
  count = 0;

  constructor(
    private readonly out: NodeJS.WritableStream,
    private readonly format: ProxyFormat,
  ) {}

  /** Reports a violation unless its exchange already reported one of its kind; returns whether it was reported. */
  report(v: Violation): boolean {
    let kinds = this.seen.get(v.exchange);
    if (!kinds) this.seen.set(v.exchange, (kinds = new Set()));
    if (kinds.has(v.kind)) return false;
    kinds.add(v.kind);
    this.count++;
    this.kinds.set(v.kind, (this.kinds.get(v.kind) ?? 0) + 1);
    this.out.write(formatViolation(v, this.format) + "\n");
    return true;
  }

  /** Forgets an exchange that is over (a long run keeps no per-exchange state). */
  close(exchange: number): void {
    this.seen.delete(exchange);
  }

  /** The closing summary line (text), or a JSON line `{"summary": ...}`. */
  summary(exchanges: number): string {
    const byKind = Object.fromEntries([...this.kinds].sort(([a], [b]) => a.localeCompare(b)));
    if (this.format === "json") return JSON.stringify({ summary: { exchanges, violations: this.count, byKind } });
    if (this.count === 0) return `proxy: ${exchanges} exchange(s), no violation`;
    return `proxy: ${exchanges} exchange(s), ${this.count} violation(s): ${Object.entries(byKind)
      .map(([k, n]) => `${k} ${n}`)
      .join(", ")}`;
  }
}

/** The first schema error as a pointer and a message (ajv's instancePath is an RFC 6901 pointer). */
export function firstSchemaError(
  errors: readonly ValidationError[] | null | undefined,
  base = "",
): { pointer: string; message: string } {
  const e = errors?.[0];
  if (!e) return { pointer: base, message: "does not match the schema" };
  const detail =
    e.keyword === "required"
      ? `missing member ${JSON.stringify(e.params.missingProperty)}`
      : e.keyword === "additionalProperties"
        ? `unknown member ${JSON.stringify(e.params.additionalProperty)}`
        : e.keyword === "enum"
          ? `${e.message ?? "enum"} ${JSON.stringify(e.params.allowedValues)}`
          : (e.message ?? e.keyword);
  return { pointer: base + e.instancePath, message: detail };
}

/** Splits a byte stream into lines for checking, without touching what is forwarded (CR before LF dropped). */
export class LineSplitter {
  private parts: Buffer[] = [];
  private size = 0;
  private discarding = false;

  constructor(
    private readonly onLine: (line: string | { oversize: number }) => void,
    private readonly maxBytes = 16 * 1024 * 1024,
  ) {}

  feed(chunk: Buffer): void {
    let rest = chunk;
    while (rest.length) {
      const nl = rest.indexOf(0x0a);
      const piece = nl < 0 ? rest : rest.subarray(0, nl);
      this.size += piece.length;
      if (this.size > this.maxBytes) {
        this.discarding = true;
        this.parts = [];
      } else this.parts.push(Buffer.from(piece));
      if (nl < 0) return;
      this.flush();
      rest = rest.subarray(nl + 1);
    }
  }

  /** End of stream: a last line without its newline still counts. */
  end(): void {
    if (this.size > 0 || this.discarding) this.flush();
  }

  private flush(): void {
    const item = this.discarding
      ? { oversize: this.size }
      : Buffer.concat(this.parts, this.size).toString("utf8").replace(/\r$/, "");
    this.parts = [];
    this.size = 0;
    this.discarding = false;
    this.onLine(item);
  }
}
