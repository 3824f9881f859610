/**
 * Parses one contract document, JSON or YAML, under the same caps: bytes, nodes (every scalar,
 * collection and mapping key, aliases counted as what they expand to), nesting depth and aliases.
 * Each cap is checked before the JavaScript value is built, so a hostile document costs at most
 * what the caps allow (docs/security.md gives the figures).
 *
 * JSON goes through src/json's safe parser (bytes, depth) after a node count over the text. YAML is
 * read by js-yaml's event parser (a flat list of offsets, no values) and built from those events
 * only once they are counted: js-yaml builds values straight from events, at a fifth of the memory
 * of the `yaml` package's document model (decision 250). The event list itself grows with the
 * text, so a text too long to be within the node cap for certain is first counted by the `yaml`
 * package's streaming lexer, which stops as soon as the count passes the cap.
 */
import { CORE_SCHEMA, EVENT_ID, constructFromEvents, parseEvents, YAMLException, type Event } from "js-yaml";
import { Lexer } from "yaml";
import { JsonParseError, parseJson, setOwn } from "../json/index.js";

export interface DocumentLimits {
  /** Largest accepted document in UTF-8 bytes. */
  maxBytes: number;
  /** Most nodes: scalars, collections and mapping keys, an alias counted as the nodes it stands for. */
  maxNodes: number;
  /** Deepest nesting of collections. */
  maxDepth: number;
  /** Most YAML aliases (`*name`) in one document. */
  maxAliases: number;
}

export const DOCUMENT_LIMITS: Readonly<DocumentLimits> = Object.freeze({
  maxBytes: 16 * 1024 * 1024,
  maxNodes: 1_000_000,
  maxDepth: 256,
  maxAliases: 10_000,
});

export type DocumentParseErrorKind = "too-large" | "too-many-nodes" | "too-deep" | "too-many-aliases" | "syntax";

/** A document that cannot be read as data: malformed, or past one of the caps. The message is one line. */
export class DocumentParseError extends Error {
  override readonly name = "DocumentParseError";
  constructor(
    readonly kind: DocumentParseErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export function isYamlPath(path: string): boolean {
  return /\.ya?ml$/i.test(path);
}

const decoder = new TextDecoder("utf-8", { fatal: true });

/** Parses one document by its file name's extension (`.yaml`/`.yml`: YAML, anything else: JSON). */
export function parseDocumentText(
  path: string,
  input: string | Uint8Array,
  limits: Readonly<DocumentLimits> = DOCUMENT_LIMITS,
): unknown {
  const size = typeof input === "string" ? Buffer.byteLength(input, "utf8") : input.byteLength;
  if (size > limits.maxBytes)
    throw new DocumentParseError("too-large", `document is ${size} bytes, more than the ${limits.maxBytes} allowed`);
  let text: string;
  if (typeof input === "string") text = input;
  else {
    try {
      text = decoder.decode(input);
    } catch {
      throw new DocumentParseError("syntax", "document is not valid UTF-8");
    }
  }
  return isYamlPath(path) ? parseYaml(text, limits) : parseJsonDocument(text, limits);
}

function tooDeep(limits: DocumentLimits): DocumentParseError {
  return new DocumentParseError("too-deep", `document nests deeper than ${limits.maxDepth} levels`);
}

function tooManyNodes(limits: DocumentLimits): DocumentParseError {
  return new DocumentParseError("too-many-nodes", `document has more than ${limits.maxNodes} nodes`);
}

function parseJsonDocument(text: string, limits: DocumentLimits): unknown {
  // Every node takes at least one character, so a text shorter than the cap needs no count.
  if (text.length > limits.maxNodes && countJsonNodes(text, limits.maxNodes) > limits.maxNodes)
    throw tooManyNodes(limits);
  try {
    // Documents keep JSON.parse's reading of a member named twice (decision 262): lint's
    // duplicate-key rule reports it as an error with both lines, which a refusal here would hide.
    return parseJson(text, { maxBytes: limits.maxBytes, maxDepth: limits.maxDepth, duplicateKeys: "last-wins" });
  } catch (e) {
    if (!(e instanceof JsonParseError)) throw e;
    const kind = e.kind === "too-deep" ? "too-deep" : e.kind === "too-large" ? "too-large" : "syntax";
    throw e.kind === "too-deep" ? tooDeep(limits) : new DocumentParseError(kind, e.message.split("\n")[0]!);
  }
}

/**
 * Nodes of a JSON text: strings (keys included), numbers, literals and collections, counted in one
 * pass outside strings and stopping past `stopAfter`. Malformed text is counted as well as it can
 * be; JSON.parse reports it afterwards.
 */
export function countJsonNodes(text: string, stopAfter = Infinity): number {
  let n = 0;
  for (let i = 0; i < text.length && n <= stopAfter; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      n++;
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) n++;
    else if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39) || c === 0x74 /* t */ || c === 0x66 /* f */ || c === 0x6e) {
      n++; // a number or a literal: skip the rest of its token
      while (i + 1 < text.length && isTokenChar(text.charCodeAt(i + 1))) i++;
    }
  }
  return n;
}

function isTokenChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a) || c === 0x2e || c === 0x2b || c === 0x2d || c === 0x45;
}

function parseYaml(text: string, limits: DocumentLimits): unknown {
  // No node is shorter than half a character on average ("[a,b]"), so a text of at most twice the
  // cap yields an event list of at most about the cap; a longer one is counted first, streaming.
  if (text.length > 2 * limits.maxNodes && yamlNodeBound(text, 2 * limits.maxNodes) > 2 * limits.maxNodes)
    throw tooManyNodes(limits);
  let events: Event[];
  try {
    // js-yaml counts a flow collection one level deeper than a block one: its own cap, set above
    // ours, only bounds its recursion; countExpanded applies ours to the events.
    events = parseEvents(text, { maxDepth: limits.maxDepth + 2 });
  } catch (e) {
    throw yamlError(e, limits);
  }
  const aliases = countExpanded(events, text, limits);
  let docs: unknown[];
  try {
    docs = constructFromEvents(events, { source: text, schema: CORE_SCHEMA, maxAliases: limits.maxAliases });
  } catch (e) {
    throw yamlError(e, limits);
  }
  if (docs.length === 0) throw new DocumentParseError("syntax", "YAML document is empty");
  if (docs.length > 1) throw new DocumentParseError("syntax", "YAML stream holds more than one document");
  // An alias shares its anchor's value; readers expect a tree, so shared parts are copied (the
  // copy is bounded: the expanded count is within the node cap).
  return aliases > 0 ? copyTree(docs[0]) : docs[0];
}

function yamlError(e: unknown, limits: DocumentLimits): DocumentParseError {
  if (e instanceof DocumentParseError) return e;
  if (!(e instanceof YAMLException)) throw e;
  const where = e.mark ? ` at line ${e.mark.line + 1}, column ${e.mark.column + 1}` : "";
  if (/maxDepth/.test(e.reason))
    return new DocumentParseError("too-deep", `document nests deeper than ${limits.maxDepth} levels${where}`);
  if (/maxAliases|alias nodes/i.test(e.reason))
    return new DocumentParseError("too-many-aliases", `document has more than ${limits.maxAliases} aliases`);
  return new DocumentParseError("syntax", `invalid YAML: ${e.reason}${where}`);
}

/**
 * An upper bound of the nodes in a YAML text, from the `yaml` package's lexer (a generator: nothing
 * is kept): scalars, aliases and flow collections, plus two per block indicator (`-`, `?`, `:`),
 * which can each open a collection and stand for an omitted null. Stops past `stopAfter`.
 */
export function yamlNodeBound(text: string, stopAfter: number): number {
  let n = 0;
  for (const lexeme of new Lexer().lex(text)) {
    const c = lexeme.charCodeAt(0);
    if (c === 0x1f /* plain scalar */ || c === 0x22 || c === 0x27 || c === 0x7c || c === 0x3e || c === 0x2a) n++;
    else if (c === 0x5b || c === 0x7b) n++;
    else if (lexeme === "-" || lexeme === "?" || lexeme === ":") n += 2;
    if (n > stopAfter) break;
  }
  return n;
}

/**
 * Counts the nodes the events stand for, each alias as the size of its anchor's node (so the
 * "billion laughs" document is refused here, before anything is built), and refuses an alias to a
 * node that is still open (a cycle). Returns the number of aliases.
 */
function countExpanded(events: Event[], source: string, limits: DocumentLimits): number {
  const frames: { size: number; anchor: string | undefined }[] = [];
  const sizes = new Map<string, number>();
  const open = new Set<string>();
  const nameOf = (ev: { anchorStart: number; anchorEnd: number }) =>
    ev.anchorStart >= 0 ? source.slice(ev.anchorStart, ev.anchorEnd) : undefined;
  let aliases = 0;
  let total = 0;
  const add = (n: number) => {
    const top = frames[frames.length - 1];
    if (top) top.size += n;
    else total += n;
    if ((top?.size ?? 0) > limits.maxNodes || total > limits.maxNodes) throw tooManyNodes(limits);
  };
  for (const ev of events) {
    switch (ev.type) {
      case EVENT_ID.DOCUMENT:
        frames.push({ size: 0, anchor: undefined });
        break;
      case EVENT_ID.SEQUENCE:
      case EVENT_ID.MAPPING: {
        if (frames.length > limits.maxDepth) throw tooDeep(limits); // frames[0] is the document
        const anchor = nameOf(ev);
        if (anchor !== undefined) open.add(anchor);
        frames.push({ size: 1, anchor });
        break;
      }
      case EVENT_ID.SCALAR: {
        const anchor = nameOf(ev);
        if (anchor !== undefined) sizes.set(anchor, 1);
        add(1);
        break;
      }
      case EVENT_ID.ALIAS: {
        aliases++;
        const name = nameOf(ev)!;
        if (open.has(name))
          throw new DocumentParseError("syntax", `YAML alias *${name} refers to a node that contains it`);
        add(sizes.get(name) ?? 1);
        break;
      }
      case EVENT_ID.POP: {
        const frame = frames.pop()!;
        if (frame.anchor !== undefined) {
          open.delete(frame.anchor);
          sizes.set(frame.anchor, frame.size);
        }
        add(frame.size);
        break;
      }
    }
  }
  return aliases;
}

/** A tree copy of a value that may share parts (no cycles: countExpanded refused them; depth is capped). */
function copyTree(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(copyTree);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) setOwn(out, k, copyTree((value as Record<string, unknown>)[k]));
  return out;
}
