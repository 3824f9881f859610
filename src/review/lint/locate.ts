/**
 * Positions in raw document text: line/column of any JSON Pointer, and every duplicate object
 * key (JSON.parse keeps the last one silently, so only the raw text shows them). JSON is scanned
 * by a small tokenizer of our own; YAML goes through the `yaml` package's node ranges.
 */
import YAML, { LineCounter, isMap, isSeq, isScalar, type Node } from "yaml";
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
  return { positions, duplicates };
}

function scanYaml(text: string): ScannedText {
  const positions = new Map<string, Position>();
  const duplicates: DuplicateKey[] = [];
  const lc = new LineCounter();
  const doc = YAML.parseDocument(text, { uniqueKeys: false, lineCounter: lc });
  const at = (offset: number): Position => {
    const p = lc.linePos(offset);
    return { line: p.line, column: p.col };
  };
  const walk = (node: Node | null | undefined, pointer: string, depth: number): void => {
    if (!node || depth > 512) return;
    if (node.range) positions.set(pointer, at(node.range[0]));
    if (isMap(node)) {
      const seen = new Map<string, Position>();
      for (const item of node.items) {
        const k = isScalar(item.key) ? String(item.key.value) : String(item.key);
        const kp = isScalar(item.key) && item.key.range ? at(item.key.range[0]) : { line: 0, column: 0 };
        const prev = seen.get(k);
        if (prev) duplicates.push({ pointer, key: k, first: prev, again: kp });
        else seen.set(k, kp);
        if (!prev) walk(item.value as Node, `${pointer}/${escapeToken(k)}`, depth + 1);
      }
    } else if (isSeq(node)) node.items.forEach((v, n) => walk(v as Node, `${pointer}/${n}`, depth + 1));
  };
  walk(doc.contents as Node, "", 0);
  return { positions, duplicates };
}
