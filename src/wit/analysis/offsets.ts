/**
 * web-tree-sitter reports offsets in UTF-16 code units (it parses JS strings); the protocol's
 * startByte/endByte are UTF-8 byte offsets. This converts many offsets in one pass over the text.
 */
export type OffsetConverter = (utf16Index: number) => number;

export function utf8OffsetConverter(text: string): OffsetConverter {
  // ASCII-only text (the common case): offsets coincide.
  if (Buffer.byteLength(text, "utf8") === text.length) return (i) => i;
  // Prefix byte counts at every code unit, built lazily once; memory is 4 bytes per code unit.
  const prefix = new Uint32Array(text.length + 1);
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    prefix[i] = bytes;
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        // A surrogate pair is one 4-byte code point; an offset between its halves maps to its start.
        prefix[i + 1] = bytes;
        bytes += 4;
        i++;
        continue;
      }
      bytes += 3; // lone surrogate: encoded as U+FFFD
    } else bytes += 3;
  }
  prefix[text.length] = bytes;
  return (i) => prefix[Math.max(0, Math.min(i, text.length))] as number;
}
