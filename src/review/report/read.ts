/**
 * How a person reads diff findings (decision 280): grouped by the operation, method or definition
 * they reach (a change reaching several is grouped under its own place, with the operations it
 * reaches listed), one sentence a change, the counterexample as the request or response it is.
 * Text, markdown, changelog and github output are built from these; JSON keeps the findings whole.
 */
import type { DiffReport } from "../diff.js";
import type { Finding, Reach, Verdict } from "../finding.js";
import { VERDICT_ORDER } from "../finding.js";
import { unescapeToken } from "../../json/index.js";
import { withParamNames as namedParams } from "../engine/param-names.js";

export interface FindingGroup {
  /** `POST /pets`, `lock.acquire`, `#/$defs/Turn`, or the place a change reaching several operations sits. */
  heading: string;
  /** Set when the group is one place reaching several operations: those operations. */
  reaches?: string[];
  findings: Finding[];
}

/** Groups in report order (worst first); each finding once, in the group of what it reaches. */
export function groupFindings(findings: readonly Finding[]): FindingGroup[] {
  const groups = new Map<string, FindingGroup>();
  const sorted = [...findings].sort((a, b) => VERDICT_ORDER.indexOf(a.verdict) - VERDICT_ORDER.indexOf(b.verdict));
  for (const f of sorted) {
    const ops = operationsOf(f);
    const heading = ops.length === 1 ? ops[0]! : placeName(f.path);
    const key = ops.length > 1 ? `${heading}\u0000${ops.join("\u0000")}` : heading;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { heading, ...(ops.length > 1 ? { reaches: ops } : {}), findings: [] }));
    g.findings.push(f);
  }
  return [...groups.values()];
}

function operationsOf(f: Finding): string[] {
  return [...new Set(f.reaches.map((r) => r.operation))];
}

/** A place as a reader names it: `schema Pet`, `#/$defs/Turn`, `/pets/{petId} parameters`, else the pointer. */
export function placeName(path: string): string {
  const hash = path.indexOf("#");
  const file = hash > 0 ? `${path.slice(0, hash)} ` : "";
  const tokens = (hash < 0 ? path : path.slice(hash + 1)).split("/").slice(1).map(unescapeToken);
  if (tokens.length === 0) return file ? file.trim() : "the document";
  if (tokens[0] === "components" && tokens.length >= 3) {
    const kind = tokens[1]!.replace(/ies$/, "y").replace(/s$/, "");
    return `${file}${kind.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()} ${tokens[2]}`;
  }
  if ((tokens[0] === "$defs" || tokens[0] === "definitions") && tokens.length >= 2)
    return `${file}#/${tokens[0]}/${path.slice(hash + 1).split("/")[2]}`;
  if (tokens[0] === "paths" && tokens.length >= 2) {
    if (tokens[2] === "parameters") return `${file}${tokens[1]} parameters`;
    return `${file}${tokens[1]}`;
  }
  return path;
}

const PLAIN_PARTS = new Set(["operation", "definition", "document root"]);

/** The change in one sentence: the part it touches (when the message does not say it), then the message. */
export function sentence(f: Finding): string {
  const message = withParamNames(f, f.message);
  const parts = [...new Set(f.reaches.map((r) => r.part))];
  const part = parts.length === 1 ? parts[0]! : undefined;
  if (!part || PLAIN_PARTS.has(part) || message.toLowerCase().includes(part.toLowerCase())) return message;
  return `${part}: ${message}`;
}

/** Path parameter names of an operation label's template (`GET /pets/{petId}` -> `["petId"]`). */
function templateNames(operation: string): string[] {
  return [...operation.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!);
}

function withParamNames(f: Finding, s: string): string {
  return namedParams(f.reaches, s);
}

const MAX_PAYLOAD = 160;

function shortJson(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > MAX_PAYLOAD ? `${s.slice(0, MAX_PAYLOAD - 1)}…` : s;
}

function scalar(v: unknown): string {
  if (typeof v !== "string") return shortJson(v);
  return v.length > MAX_PAYLOAD ? `${v.slice(0, MAX_PAYLOAD - 1)}…` : v;
}

/** A value as written in a URL; a string no URL can carry (a lone surrogate) as JSON. */
function urlPart(v: unknown): string {
  try {
    return encodeURIComponent(scalar(v));
  } catch {
    return shortJson(v);
  }
}

/** The counterexample as what travels: `POST /pets` with body `{...}`, `GET /pets/x`, a 200 response, a call. */
export function exampleMessage(f: Finding, code: (s: string) => string = (s) => s): string | undefined {
  const cx = f.counterexample;
  if (!cx) return undefined;
  const on: Reach | undefined = cx.shownOn ?? f.reaches[0];
  const p = cx.payload;
  const obj = p !== null && typeof p === "object" && !Array.isArray(p) ? (p as Record<string, unknown>) : undefined;
  let what: string;
  const op = on?.operation ?? "";
  const part = on?.part ?? "";
  const response = /^response (\S+)/.exec(part);
  if (part === "path parameters" && obj) {
    const names = templateNames(op);
    let i = 0;
    const filled = op.replace(/\{([^}]*)\}/g, (m, name: string) => {
      const key = `{${i}}` in obj ? `{${i}}` : name;
      i++;
      return key in obj ? urlPart(obj[key]) : m;
    });
    what = code(names.length ? filled : op);
  } else if (part === "query parameters" && obj) {
    const q = Object.entries(obj)
      .map(([k, v]) => `${urlPart(k)}=${urlPart(v)}`)
      .join("&");
    what = code(q ? `${op}?${q}` : op);
  } else if ((part === "header parameters" || part === "cookie parameters") && obj) {
    const kind = part.startsWith("header") ? "header" : "cookie";
    const items = Object.entries(obj).map(([k, v]) => code(`${k}: ${scalar(v)}`));
    what = `${code(op)} with ${items.length ? `${kind} ${items.join(", ")}` : `no ${kind}s`}`;
  } else if (part.startsWith("request body")) what = `${code(op)} with body ${code(shortJson(p))}`;
  else if (response && part.endsWith("headers"))
    what = `a ${response[1]} response to ${code(op)} with headers ${code(shortJson(p))}`;
  else if (response && /(items|event data)$/.test(part))
    what = `an event of the ${response[1]} response to ${code(op)}: ${code(shortJson(p))}`;
  else if (response) what = `a ${response[1]} response to ${code(op)} with body ${code(shortJson(p))}`;
  else if (part === "params")
    what = `${code(op)} called with params ${code(shortJson(obj && "params" in obj ? obj.params : p))}`;
  else if (part === "result")
    what = `${code(op)} returning ${code(shortJson(obj && "result" in obj ? obj.result : p))}`;
  else if (part === "errors")
    what = `${code(op)} failing with ${code(shortJson(obj && "error" in obj ? obj.error : p))}`;
  else if (part === "definition") what = `the value ${code(shortJson(p))} of ${code(op)}`;
  else what = `the payload ${code(shortJson(p))}`;
  const atChange = cx.atChange
    ? `; with ${cx.atChange.apart.map((a) => placeIn(f, a)).join(", ")} as ${cx.invalid} has it (no value both versions accept there), ${cx.invalid} refuses it at the change: ${reason(f, cx.atChange.error)}`
    : "";
  return `${what} is accepted by ${cx.valid} and refused by ${cx.invalid}: ${reason(f, cx.error)}${atChange}`;
}

/** An ajv one-line error in words: `petId must be integer` (location as names, params dropped). */
function reason(f: Finding, error: string): string {
  const space = error.indexOf(" ");
  const at = space < 0 ? "" : error.slice(0, space);
  let rest = space < 0 ? error : error.slice(space + 1);
  const brace = rest.lastIndexOf(" {");
  if (brace >= 0) {
    try {
      JSON.parse(rest.slice(brace + 1));
      rest = rest.slice(0, brace);
    } catch {
      /* not ajv's params: keep it */
    }
  }
  if (!at.startsWith("/")) return withParamNames(f, error);
  const where = placeIn(f, at);
  return where ? `${where} ${rest}` : rest;
}

/** An instance location as names: `/{0}` -> `petId`, `/0/name` -> `[0].name`, `/params/status` -> `status` on a params part, `/` -> "". */
function placeIn(f: Finding, pointer: string): string {
  const where = pointer
    .split("/")
    .slice(1)
    .map(unescapeToken)
    .filter((t, i) => !(i === 0 && (t === "params" || t === "result") && f.reaches.some((r) => r.part === t)))
    .map((t, i) => (/^(0|[1-9]\d*)$/.test(t) ? `[${t}]` : i === 0 ? t : `.${t}`))
    .join("");
  return withParamNames(f, where);
}

const COUNT_WORDS: Record<Verdict, string> = {
  breaking: "breaking",
  undecided: "undecided",
  "needs-review": "needs review",
  compatible: "compatible",
};

/** `5 changes: 2 breaking, 1 needs review, 2 compatible` (zero counts left out). */
export function countLine(report: DiffReport): string {
  const n = report.findings.length;
  const counts = VERDICT_ORDER.map((v) => [v, report.findings.filter((f) => f.verdict === v).length] as const)
    .filter(([, c]) => c > 0)
    .map(([v, c]) => `${c} ${COUNT_WORDS[v]}`);
  return n === 0 ? "no changes" : `${n} change${n === 1 ? "" : "s"}: ${counts.join(", ")}`;
}

/** Why a finding is undecided or needs review (the evidence), when it says more than its message. */
export function whyLine(f: Finding): string | undefined {
  if (f.verdict !== "undecided" && f.verdict !== "needs-review" && !(f.verdict === "breaking" && !f.counterexample))
    return undefined;
  return f.evidence && f.evidence !== f.message ? withParamNames(f, f.evidence) : undefined;
}
