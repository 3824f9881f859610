/**
 * Finds hand-written source files over the size a person can hold (issue 37 item 4: ~500 lines)
 * whose header does not say why they are one file. The reason is a sentence in the file's first
 * comment block that starts "Over 500 lines for one reason:" (src/review/model.ts,
 * src/frame-wire/fold.ts). Used by room-size.test.ts on the repository and on a fixture list.
 */

export const ROOM_LINES = 500;

/** A file's lines as an editor counts them (a final newline does not start another). */
export function lineCount(text: string): number {
  if (text === "") return 0;
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

/** The text of the first comment block (after a shebang), comment markers removed, on one line. */
export function headerComment(text: string): string {
  const body = text.replace(/^#![^\n]*\n/, "").trimStart();
  let raw: string;
  if (body.startsWith("/*")) {
    const end = body.indexOf("*/");
    raw = end < 0 ? body : body.slice(2, end);
  } else if (body.startsWith("//")) {
    raw = (/^(?:\/\/[^\n]*(?:\n|$))+/.exec(body)?.[0] ?? "").replace(/^\/\/+/gm, "");
  } else {
    return "";
  }
  return raw
    .split("\n")
    .map((l) => l.replace(/^\s*\*+\s?/, "").trim())
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether the header gives its reason: "Over 500 lines for one reason:" followed by the reason. */
export function givesReason(text: string): boolean {
  return /\bOver 500 lines for one reason: \S/.test(headerComment(text));
}

/** The paths among `files` longer than ROOM_LINES whose header gives no reason. */
export function oversizeWithoutReason(files: readonly { path: string; text: string }[]): string[] {
  return files.filter((f) => lineCount(f.text) > ROOM_LINES && !givesReason(f.text)).map((f) => f.path);
}
