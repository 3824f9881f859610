/** What the operation checks (ops-*.ts) share: reading answers, the project, sources and spans. */
import { SkipCheck } from "../harness/check.js";
import type { Transport, WrightAgentTarget } from "./target.js";
import { expectResult, list, obj, serviceTransport } from "./util.js";

export type Req = { op: string } & Record<string, unknown>;

export type Obj = Record<string, unknown>;

/** A result object; a refusal means the project does not load here (the check is skipped). */
export async function answer(target: WrightAgentTarget, t: Transport, request: Req): Promise<Obj> {
  const o = await target.call(t, request);
  if (o.kind === "refusal" && ["input-io", "parse-error", "input-kind-ambiguous"].includes(o.error.code))
    throw new SkipCheck(`the project does not load (${o.error.code})`);
  return expectResult(o, JSON.stringify(request)) as Obj;
}

/** The project over the checks' transport, for a check whose reading needs raw Workshop source (skipped otherwise). */
export async function workshopProject(
  target: WrightAgentTarget,
  ops: readonly string[],
): Promise<{ t: Transport; p: Obj }> {
  const t = await serviceTransport(target, ops);
  const p = await answer(target, t, { op: "project" });
  if (obj(p.origin).kind !== "workshop") throw new SkipCheck("the project is not raw Workshop input");
  return { t, p };
}

export const items = (v: unknown): Obj[] => list(v).map(obj);

export const countBy = <T>(xs: readonly T[], key: (x: T) => string): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const x of xs) out[key(x)] = (out[key(x)] ?? 0) + 1;
  return out;
};

export const sorted = (xs: readonly string[]) => [...xs].sort();

export const SEVERITY_RANK: Record<string, number> = { error: 0, warning: 1, info: 2 };

export const PROBE = "// conformance probe\n";

export const insertAt1 = (source: string, identity: string, text = PROBE) => ({
  kind: "replace",
  source,
  source_identity: identity,
  range: { start_line: 1, start_col: 1, end_line: 1, end_col: 1 },
  new_text: text,
});

/** The parts of a wright-agent-fixture/v1 document (contracts/wright-agent) this check reads. */
export interface FixtureFacts {
  catalog: {
    service: { name: string; version: string };
    athenaVersion: string | null;
    profiles?: string[];
    targetMetadata: unknown;
    defaultLocale?: string;
    languages: Record<
      string,
      {
        owner: string;
        unavailable?: string;
        entries: {
          kind: string;
          id: string;
          within?: string | null;
          signature?: string;
          spellings: Record<string, string[]>;
        }[];
      }
    >;
  };
  project: {
    origin: string;
    entry: string;
    settings?: unknown;
    lintPolicy: {
      configFile?: string | null;
      ruleFiles?: string[];
      disabled: string[];
      severityOverrides: Record<string, string>;
      failOn: string;
    };
  };
  sources: { path: string; text: string }[];
  lintRules: {
    id: string;
    summary: string;
    rationale?: string;
    documentation?: string;
    knownLimits?: string[];
    evidence?: string;
    tags?: string[];
    defaultSeverity: string;
    fixable?: boolean;
  }[];
  persistentObjects?: { kind: string; storedIn: string | null; rule: number | null; destroyed: boolean }[];
  skipped?: { rule: number; lintRule: string; reason: string }[];
  simulation?: { trace?: unknown };
}

/** The top-level arguments of a call's text: Create HUD Text(a, b(c, d), e) -> [a, b(c, d), e]. */
export function topLevelArguments(text: string): string[] {
  const open = text.indexOf("(");
  if (open < 0) return [];
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open + 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === "(") depth++;
    else if (ch === ")" && depth-- === 0) {
      args.push(text.slice(start, i).trim());
      break;
    } else if (ch === "," && depth === 0) {
      args.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  return args.filter((a) => a !== "");
}

export type Span = { path?: string; start: { line: number; col: number }; end: { line: number; col: number } };

export const spanOf = (v: unknown): Span | undefined =>
  v !== null && typeof v === "object" && "start" in v ? (v as Span) : undefined;

/** The text a one-line span covers (1-based columns, end exclusive). */
export const slice = (texts: Map<string, string>, s: Span) =>
  s.start.line === s.end.line
    ? (texts.get(String(s.path))?.split("\n")[s.start.line - 1] ?? "").slice(s.start.col - 1, s.end.col - 1)
    : undefined;

export const DESTROYS: Record<string, RegExp> = {
  hudText: /^\s*Destroy (?:All )?HUD Text/m,
  effect: /^\s*Destroy (?:All )?Effects?\b/m,
  inWorldText: /^\s*Destroy (?:All )?In-World Text/m,
  icon: /^\s*Destroy (?:All )?Icons?\b/m,
};
