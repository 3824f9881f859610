/**
 * Text from data on a terminal. A file name, symbol path, session id, description or document
 * member can carry control characters: ESC starts terminal sequences (colours, cursor moves,
 * window titles, OSC 8 links), CR rewrites the line already shown, a newline forges a line of our
 * own output, and bidi overrides (U+202E...) show text in another order than it is (Trojan
 * Source, CVE-2021-42574). Every such character is written as a visible `\uXXXX` escape instead:
 * readable, and inside a JSON string the same value (so JSON output stays valid and equal).
 *
 * - `terminalField(s)`: one value from data inside a line we compose (escapes newlines and tabs too).
 * - `terminalText(s)`: a whole text we composed (keeps its newlines and tabs, escapes the rest);
 *   the CLI's `write` passes everything it prints through it.
 */

/**
 * C0 controls (U+0000-U+001F), DEL (U+007F), C1 controls (U+0080-U+009F), the bidi controls
 * (ALM U+061C, LRM/RLM U+200E-U+200F, LRE/RLE/PDF/LRO/RLO U+202A-U+202E, LRI/RLI/FSI/PDI
 * U+2066-U+2069) and the line/paragraph separators U+2028-U+2029 (line breaks to some terminals).
 */
const UNSAFE_FIELD = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;
/** The same, less newline and tab. */
const UNSAFE_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

const escape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** One value from data, escaped for a line of terminal output (newlines and tabs included). */
export function terminalField(s: string): string {
  return s.replace(UNSAFE_FIELD, escape);
}

/** A composed text for the terminal: its newlines and tabs stay, every other control is escaped. */
export function terminalText(s: string): string {
  return s.replace(UNSAFE_TEXT, escape);
}
