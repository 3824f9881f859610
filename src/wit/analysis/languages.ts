/** Which tree-sitter grammar parses which file. Pure data: importing this loads nothing. */
import path from "node:path";

export type LanguageId = "typescript" | "tsx" | "javascript" | "python";
export type LanguageFamily = "js" | "python";

const BY_EXTENSION: Readonly<Record<string, LanguageId>> = Object.freeze({
  ".ts": "typescript",
  ".tsx": "tsx",
  // The JavaScript grammar parses JSX too.
  ".js": "javascript",
  ".jsx": "javascript",
  ".py": "python",
});

/** Extensions tried, in order, when a relative JS/TS import has none (TypeScript's order). */
export const JS_RESOLUTION_EXTENSIONS = [".ts", ".tsx", ".js", ".jsx"] as const;

export function languageOf(file: string): LanguageId | undefined {
  const ext = path.posix.extname(file).toLowerCase();
  return Object.prototype.hasOwnProperty.call(BY_EXTENSION, ext) ? BY_EXTENSION[ext] : undefined;
}

export function familyOf(language: LanguageId): LanguageFamily {
  return language === "python" ? "python" : "js";
}

export function isSupportedFile(file: string): boolean {
  return languageOf(file) !== undefined;
}
