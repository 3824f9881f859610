/**
 * Source text coordinates shared by the mock, its fixture loader and the fixture builder:
 * 1-based lines, 1-based columns counted in Unicode code points, half-open ranges, and the
 * SHA-256 source identity.
 */
import { createHash } from "node:crypto";

export interface Position {
  line: number;
  column: number;
}

export function sha256Hex(text: string | Uint8Array): string {
  return createHash("sha256").update(text).digest("hex");
}

/** Maps 1-based line/column positions to UTF-16 offsets of one text and back. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
    }
  }

  get lineCount(): number {
    return this.starts.length;
  }

  /** The UTF-16 offset of a position, or undefined when it lies outside the text. */
  offsetOf(pos: Position): number | undefined {
    const start = this.starts[pos.line - 1];
    if (start === undefined) return undefined;
    if (pos.column < 1) return undefined;
    const end = pos.line < this.starts.length ? this.starts[pos.line]! - 1 : this.text.length;
    let offset = start;
    // Walk code points: column n is after n-1 code points; column len+1 is the line end.
    for (let col = 1; col < pos.column; col++) {
      if (offset >= end) return undefined;
      offset += this.text.codePointAt(offset)! > 0xffff ? 2 : 1;
    }
    return offset;
  }

  /** The position of an offset (its one caller: the mock's stand-in parse diagnostic). */
  positionOf(offset: number): Position {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    const lineStart = this.starts[lo]!;
    let column = 1;
    for (let i = lineStart; i < offset; i += this.text.codePointAt(i)! > 0xffff ? 2 : 1) column++;
    return { line: lo + 1, column };
  }

  /** The text of a half-open range, or undefined when a bound is outside the text or end < start. */
  slice(start: Position, end: Position): string | undefined {
    const a = this.offsetOf(start);
    const b = this.offsetOf(end);
    if (a === undefined || b === undefined || b < a) return undefined;
    return this.text.slice(a, b);
  }
}

/** Levenshtein distance, for "did you mean" messages. */
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!;
      prev[j] = Math.min(up + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length]!;
}

/** The closest candidate by edit distance (ties: first), or undefined when there is none. */
export function nearest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const lower = word.toLowerCase();
  for (const c of candidates) {
    const d = editDistance(lower, c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}
