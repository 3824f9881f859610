/** Operations that never consult the project: capabilities, targetMetadata, lookup, listEntries. */
import type * as C from "../../generated/wright-agent/types.js";
import type * as F from "../../generated/wright-agent-fixture/types.js";
import { AGENT_CONTRACT, OPERATIONS, RESULT_CONTRACT } from "../contract.js";
import { refuse } from "../handlers.js";
import type { MockContext } from "./context.js";
import { editDistance, nearest } from "./text.js";

export function capabilities(ctx: MockContext): C.CapabilitiesResult {
  const advertised = OPERATIONS.filter((o) => ctx.operations.includes(o.op));
  return {
    name: ctx.catalog.service.name,
    version: ctx.catalog.service.version,
    agent_contract: AGENT_CONTRACT,
    contract: RESULT_CONTRACT,
    operations: advertised.map((o) => o.op),
    result_schemas: Object.fromEntries(advertised.map((o) => [o.op, `#/$defs/${o.result}`])),
    languages: Object.keys(ctx.catalog.languages),
    profiles: ctx.catalog.profiles ?? ["off", "compat"],
    athena_version: ctx.catalog.athenaVersion,
  };
}

export function targetMetadata(ctx: MockContext): C.TargetMetadataResult {
  return structuredClone(ctx.catalog.targetMetadata) as unknown as C.TargetMetadataResult;
}

/** The owner's capability is named by the owner itself (workshop-rs, opy). */
const unavailable = (lang: F.Language): C.VocabularyUnavailable => ({
  capability: lang.owner,
  message: lang.unavailable!,
});

function language(ctx: MockContext, name: string): F.Language {
  const lang = Object.prototype.hasOwnProperty.call(ctx.catalog.languages, name)
    ? ctx.catalog.languages[name]
    : undefined;
  if (!lang) {
    const hint = nearest(name, Object.keys(ctx.catalog.languages));
    refuse(
      "unknown-language",
      `language ${JSON.stringify(name)} is not served${hint ? ` (did you mean ${hint}?)` : ""}; capabilities.languages lists them`,
    );
  }
  return lang;
}

function locale(ctx: MockContext, lang: F.Language, requested: string | null | undefined): string {
  const fallback = ctx.catalog.defaultLocale ?? "en-US";
  if (requested === undefined || requested === null) return fallback;
  const known = new Set(lang.entries.flatMap((e) => Object.keys(e.spellings)));
  known.add(fallback);
  if (!known.has(requested))
    refuse("invalid-locale", `locale ${requested} is not available (known: ${[...known].sort().join(", ")})`);
  return requested;
}

function entryResult(e: F.VocabularyEntry, loc: string, fallback: string): C.VocabularyEntry {
  const spellings = e.spellings[loc] ?? [];
  const displayName = spellings[0] ?? e.spellings[fallback]?.[0] ?? e.id;
  return {
    identity: e.id,
    kind: e.kind,
    spelling: displayName,
    displayName,
    ...(e.signature ? { signature: e.signature } : {}),
    accepted: [...spellings],
    within: e.within ?? null,
  };
}

const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** Lower is better; undefined = no match. */
function score(query: string, e: F.VocabularyEntry, loc: string): number | undefined {
  const q = norm(query);
  let best: number | undefined;
  for (const s of [...(e.spellings[loc] ?? []), e.id]) {
    const n = norm(s);
    const d =
      n === q
        ? 0
        : n.startsWith(q)
          ? 1
          : n.includes(q)
            ? 2
            : editDistance(q, n) <= Math.max(2, Math.floor(n.length / 3))
              ? 3 + editDistance(q, n)
              : undefined;
    if (d !== undefined && (best === undefined || d < best)) best = d;
  }
  return best;
}

export function lookup(ctx: MockContext, req: C.LookupRequest): C.LookupResult {
  const lang = language(ctx, req.language);
  if (lang.unavailable !== undefined)
    return { language: req.language, owner: lang.owner, entries: [], unavailable: unavailable(lang) };
  const loc = locale(ctx, lang, req.locale);
  // null is upstream's "absent" for these optional members.
  const kind = req.kind ?? undefined;
  const within = req.within ?? undefined;
  const query = req.query ?? undefined;
  const fallback = ctx.catalog.defaultLocale ?? "en-US";
  const candidates = lang.entries.filter(
    (e) => (kind === undefined || e.kind === kind) && (within === undefined || e.within === within),
  );
  const scored = candidates
    .map((e, order) => ({ e, order, s: query === undefined ? 0 : score(query, e, loc) }))
    .filter((x): x is { e: F.VocabularyEntry; order: number; s: number } => x.s !== undefined)
    .sort((a, b) => a.s - b.s || a.order - b.order);
  return {
    language: req.language,
    owner: lang.owner,
    entries: scored.slice(0, req.limit ?? 10).map((x) => entryResult(x.e, loc, fallback)),
  };
}

interface Cursor {
  k: string;
  w: string | null;
  o: number;
}

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString("base64url");
}

function decodeCursor(cursor: string, kind: string, within: string | null): number {
  try {
    const c = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Partial<Cursor>;
    if (c.k === kind && c.w === within && Number.isInteger(c.o) && c.o! >= 0) return c.o!;
  } catch {
    /* fall through */
  }
  refuse("invalid-cursor", "cursor does not come from a previous page of this kind/within listing");
}

export function listEntries(ctx: MockContext, req: C.ListEntriesRequest): C.ListEntriesResult {
  const lang = language(ctx, req.language);
  const base = { language: req.language, owner: lang.owner, kind: req.kind };
  if (lang.unavailable !== undefined)
    return { ...base, entries: [], total: 0, nextCursor: null, unavailable: unavailable(lang) };
  const kinds = [...new Set(lang.entries.map((e) => e.kind))];
  if (!kinds.includes(req.kind))
    refuse(
      "invalid-selection",
      `kind ${JSON.stringify(req.kind)} is not a vocabulary kind of ${req.language} (kinds: ${kinds.join(", ")})`,
    );
  const loc = locale(ctx, lang, req.locale);
  const within = req.within ?? null;
  const all = lang.entries.filter((e) => e.kind === req.kind && (within === null || e.within === within));
  const offset = req.cursor === undefined ? 0 : decodeCursor(req.cursor, req.kind, within);
  const size = req.pageSize ?? 50;
  const page = all.slice(offset, offset + size);
  const next = offset + size < all.length ? encodeCursor({ k: req.kind, w: within, o: offset + size }) : null;
  return {
    ...base,
    entries: page.map((e) => entryResult(e, loc, ctx.catalog.defaultLocale ?? "en-US")),
    total: all.length,
    nextCursor: next,
  };
}
