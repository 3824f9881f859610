/**
 * Positions in raw document text: line/column of any JSON Pointer, and every duplicate object
 * key (JSON.parse keeps the last one silently, so only the raw text shows them). JSON is scanned
 * by a small tokenizer of our own; YAML through js-yaml's event offsets.
 */
import { EVENT_ID, getScalarValue, parseEvents, type Event } from "js-yaml";
import { DOCUMENT_LIMITS } from "../../contracts/index.js";
import { escapeToken } from "../../json/index.js";

export interface Position {
  line: number;
  column: number;
}

export interface DuplicateKey {
  /** Pointer of the object holding the key twice. */
  pointer: string;
  key: string;
  first: Position;
  again: Position;
}

export interface ScannedText {
  positions: Map<string, Position>;
  /** Where the key naming a pointer's member is written (object members only; a reviewer's "line of the change"). */
  keys: Map<string, Position>;
  duplicates: DuplicateKey[];
}

export function scanText(file: string, text: string): ScannedText {
  return /\.ya?ml$/i.test(file) ? scanYaml(text) : scanJson(text);
}

/** Nearest known position: the pointer itself or its closest ancestor. */
export function positionOf(scan: ScannedText, pointer: string): Position | undefined {
  let p = pointer;
  for (;;) {
    const hit = scan.positions.get(p);
    if (hit) return hit;
    if (p === "") return undefined;
    p = p.slice(0, p.lastIndexOf("/"));
  }
}

function scanJson(text: string): ScannedText {
  const positions = new Map<string, Position>();
  const keys = new Map<string, Position>();
  const duplicates: DuplicateKey[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const pos = (): Position => ({ line, column: i - lineStart + 1 });
  const skip = () => {
    while (i < text.length) {
      const c = text[i]!;
      if (c === "\n") {
        line++;
        lineStart = i + 1;
      } else if (c !== " " && c !== "\t" && c !== "\r") break;
      i++;
    }
  };
  const str = (): string => {
    const start = i;
    i++; // opening quote
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return text.slice(start + 1, i - 1);
    }
  };
  const value = (pointer: string, depth: number): void => {
    skip();
    if (depth > 512) throw new Error("too deep");
    positions.set(pointer, pos());
    const c = text[i];
    if (c === "{") {
      i++;
      const seen = new Map<string, Position>();
      for (;;) {
        skip();
        if (text[i] === "}") {
          i++;
          return;
        }
        if (text[i] !== '"') throw new Error("expected a key");
        const at = pos();
        const key = str();
        const prev = seen.get(key);
        if (prev) duplicates.push({ pointer, key, first: prev, again: at });
        else seen.set(key, at);
        skip();
        if (text[i] !== ":") throw new Error("expected ':'");
        i++;
        const child = `${pointer}/${escapeToken(key)}`;
        keys.set(child, at);
        // A repeated key overwrites the position: JSON.parse keeps the last value too.
        value(child, depth + 1);
        skip();
        if (text[i] === ",") i++;
      }
    }
    if (c === "[") {
      i++;
      for (let n = 0; ; n++) {
        skip();
        if (text[i] === "]") {
          i++;
          return;
        }
        value(`${pointer}/${n}`, depth + 1);
        skip();
        if (text[i] === ",") i++;
      }
    }
    if (c === '"') {
      str();
      return;
    }
    while (i < text.length && !/[\s,}\]]/.test(text[i]!)) i++;
  };
  try {
    value("", 0);
  } catch {
    /* malformed text: what was scanned so far stands (the loader reports the syntax error) */
  }
  return { positions, keys, duplicates };
}

/**
 * YAML positions from js-yaml's event list (offsets into the text; the loader parses with the same
 * library and caps, so a file that loaded scans within them). Duplicate keys are found here:
 * the loader refuses them, and this tells where.
 */
function scanYaml(text: string): ScannedText {
  const positions = new Map<string, Position>();
  const keys = new Map<string, Position>();
  const duplicates: DuplicateKey[] = [];
  let events: Event[];
  try {
    events = parseEvents(text, { maxDepth: DOCUMENT_LIMITS.maxDepth });
  } catch {
    return { positions, keys, duplicates }; // malformed: the loader reports why
  }
  const lineStarts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) lineStarts.push(i + 1);
  const at = (offset: number): Position => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - lineStarts[lo]! + 1 };
  };
  interface Frame {
    map: boolean;
    pointer: string;
    index: number;
    /** In a mapping: the key just read, waiting for its value (undefined: a key comes next). */
    key?: { name: string; pos: Position; skip: boolean };
    seen: Map<string, Position>;
  }
  const frames: Frame[] = [];
  /** Where the next node goes: its pointer, or undefined when it is a key (or under a repeated key). */
  const place = (): string | undefined => {
    const top = frames[frames.length - 1];
    if (!top) return "";
    if (!top.map) return `${top.pointer}/${top.index++}`;
    if (!top.key) return undefined;
    const k = top.key;
    top.key = undefined;
    if (k.skip) return undefined;
    const pointer = `${top.pointer}/${escapeToken(k.name)}`;
    keys.set(pointer, k.pos);
    return pointer;
  };
  const readKey = (name: string, offset: number): boolean => {
    const top = frames[frames.length - 1];
    if (!top?.map || top.key) return false;
    const pos = at(offset);
    const prev = top.seen.get(name);
    if (prev) duplicates.push({ pointer: top.pointer, key: name, first: prev, again: pos });
    else top.seen.set(name, pos);
    top.key = { name, pos, skip: prev !== undefined };
    return true;
  };
  let skipDepth = 0; // inside a complex key or a repeated key's value: nothing is recorded
  for (const ev of events) {
    if (ev.type === EVENT_ID.DOCUMENT) continue;
    if (ev.type === EVENT_ID.POP) {
      if (skipDepth > 0) skipDepth--;
      else frames.pop();
      continue;
    }
    if (skipDepth > 0) {
      if (ev.type === EVENT_ID.SEQUENCE || ev.type === EVENT_ID.MAPPING) skipDepth++;
      continue;
    }
    if (ev.type === EVENT_ID.SCALAR && readKey(getScalarValue(text, ev), ev.valueStart)) continue;
    if (ev.type === EVENT_ID.ALIAS && readKey(`*${text.slice(ev.anchorStart, ev.anchorEnd)}`, ev.anchorStart)) continue;
    const top = frames[frames.length - 1];
    const complexKey = top?.map === true && top.key === undefined;
    const pointer = complexKey ? undefined : place();
    if (ev.type === EVENT_ID.SEQUENCE || ev.type === EVENT_ID.MAPPING) {
      if (pointer === undefined) {
        // A collection as a key (not JSON) or under a repeated key: skipped whole.
        if (complexKey) top!.key = { name: "", pos: at(ev.start), skip: true };
        skipDepth = 1;
        continue;
      }
      positions.set(pointer, at(ev.start));
      frames.push({ map: ev.type === EVENT_ID.MAPPING, pointer, index: 0, seen: new Map() });
    } else if (pointer !== undefined)
      positions.set(pointer, at(ev.type === EVENT_ID.SCALAR ? ev.valueStart : ev.anchorStart));
  }
  return { positions, keys, duplicates };
}
