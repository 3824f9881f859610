/**
 * The registry of change kinds, like the lint rule registry: every kind `diff` can emit, with its
 * direction rule, default level and doc. `--level` accepts only these ids, `diff --list-kinds`
 * prints them, and docs/review.md's table is generated from them.
 */
import { ANNOTATION_KINDS } from "./annotation.js";
import { DOCUMENT_KINDS } from "./document.js";
import type { ChangeKind } from "./kind.js";
import { OPENAPI_KINDS } from "./openapi.js";
import { OPENRPC_KINDS } from "./openrpc.js";
import { PAYLOAD_KINDS } from "./payload.js";

export type { ChangeKind, KindLevel } from "./kind.js";

export const CHANGE_KINDS: readonly ChangeKind[] = [
  ...PAYLOAD_KINDS,
  ...OPENRPC_KINDS,
  ...OPENAPI_KINDS,
  ...DOCUMENT_KINDS,
  ...ANNOTATION_KINDS,
];

const BY_ID = new Map(CHANGE_KINDS.map((k) => [k.id, k]));

export function findKind(id: string): ChangeKind | undefined {
  return BY_ID.get(id);
}

/** The kinds table of docs/review.md (between its `kinds:start`/`kinds:end` markers). */
export function kindsMarkdown(): string {
  const rows = CHANGE_KINDS.map(
    (k) => `| \`${k.id}\` | ${k.family} | ${k.direction} | ${k.level} | ${k.doc.replace(/\|/g, "\\|")} |`,
  );
  return ["| kind | family | direction | default level | meaning |", "|---|---|---|---|---|", ...rows].join("\n");
}
