/**
 * The source files the Wit checks write into the daemon's root (each run in its own directory, so
 * runs never see each other's locks, intents or contracts), and what any correct daemon must know
 * about them: symbols, the calls between them, byte ranges, and staged variants that change or
 * remove a symbol's signature. Functions are declared without `export` in front (exported by a
 * separate list) so that "the definition's byte range" has one obvious meaning.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export const FIXTURE_FILES = {
  "auth.ts": [
    "function decode(token: string): string[] {",
    '  return token.split(".");',
    "}",
    "",
    "function validateToken(token: string): boolean {",
    "  return decode(token).length === 3;",
    "}",
    "",
    "export { decode, validateToken };",
    "",
  ].join("\n"),
  "routes.ts": [
    'import { validateToken } from "./auth";',
    "",
    "function handleLogin(req: { token: string }): number {",
    "  return validateToken(req.token) ? 200 : 401;",
    "}",
    "",
    "export { handleLogin };",
    "",
  ].join("\n"),
  "ranges.py": [
    "def alpha(x: int) -> int:",
    "    return x + 1",
    "",
    "",
    "def beta(x: int) -> int:",
    "    return alpha(x) * 2",
    "",
    "",
    "def gamma(s: str) -> str:",
    "    return s.upper()",
    "",
  ].join("\n"),
  "notes.txt": "not source code\n",
} as const;

export type FixtureFile = keyof typeof FIXTURE_FILES;
export const SOURCE_FILES = ["auth.ts", "routes.ts", "ranges.py"] as const;
export type SourceFile = (typeof SOURCE_FILES)[number];

/** Existing symbols, by file. */
export const SYMBOLS: Record<SourceFile, readonly string[]> = {
  "auth.ts": ["decode", "validateToken"],
  "routes.ts": ["handleLogin"],
  "ranges.py": ["alpha", "beta", "gamma"],
};

/** Local symbol keys `file:symbol` (relative to the run's directory). */
export const EXISTING = Object.entries(SYMBOLS).flatMap(([f, syms]) => syms.map((s) => `${f}:${s}`));
/** Symbol keys that name nothing: unknown symbol, missing file, unsupported language. */
export const MISSING = ["auth.ts:ghost", "missing.ts:f", "notes.txt:x"];

/** Caller -> callees, local keys. */
export const CALLS: Record<string, readonly string[]> = {
  "routes.ts:handleLogin": ["auth.ts:validateToken"],
  "auth.ts:validateToken": ["auth.ts:decode"],
  "ranges.py:beta": ["ranges.py:alpha"],
};

export function callersOf(key: string): string[] {
  return Object.entries(CALLS)
    .filter(([, callees]) => callees.includes(key))
    .map(([caller]) => caller)
    .sort();
}
export function calleesOf(key: string): readonly string[] {
  return CALLS[key] ?? [];
}

/** UTF-8 [start, end) of a definition: from `function name`/`def name` to its closing line. */
export function byteRange(key: string): { startByte: number; endByte: number } {
  const [file, symbol] = key.split(":") as [SourceFile, string];
  const text = FIXTURE_FILES[file];
  if (file.endsWith(".py")) {
    const start = text.indexOf(`def ${symbol}(`);
    const ret = text.indexOf("return", start);
    return { startByte: start, endByte: text.indexOf("\n", ret) };
  }
  const start = text.indexOf(`function ${symbol}(`);
  return { startByte: start, endByte: text.indexOf("\n}\n", start) + 2 };
}

/** Staged variants: the signature of one symbol changes, or one symbol disappears. */
export const VARIANTS: Record<
  SourceFile,
  { changed: string; changedContent: string; removed: string; removedContent: string }
> = {
  "auth.ts": {
    changed: "validateToken",
    changedContent: FIXTURE_FILES["auth.ts"].replace(
      "function validateToken(token: string): boolean",
      "function validateToken(token: string, strict: boolean): boolean",
    ),
    removed: "decode",
    removedContent: FIXTURE_FILES["auth.ts"]
      .replace('function decode(token: string): string[] {\n  return token.split(".");\n}\n\n', "")
      .replace("decode(token).length", "token.length")
      .replace("export { decode, validateToken };", "export { validateToken };"),
  },
  "routes.ts": {
    changed: "handleLogin",
    changedContent: FIXTURE_FILES["routes.ts"].replace(
      "handleLogin(req: { token: string }): number",
      "handleLogin(req: { token: string }, log: boolean): number",
    ),
    removed: "handleLogin",
    removedContent: 'import { validateToken } from "./auth";\n\nexport const ok = validateToken;\n',
  },
  "ranges.py": {
    changed: "alpha",
    changedContent: FIXTURE_FILES["ranges.py"].replace(
      "def alpha(x: int) -> int:",
      "def alpha(x: int, y: int = 0) -> int:",
    ),
    removed: "gamma",
    removedContent: FIXTURE_FILES["ranges.py"].replace("\n\ndef gamma(s: str) -> str:\n    return s.upper()\n", "\n"),
  },
};

export type Variant = "original" | "changed" | "removed";

export function variantContent(file: SourceFile, variant: Variant): string {
  return variant === "original"
    ? FIXTURE_FILES[file]
    : variant === "changed"
      ? VARIANTS[file].changedContent
      : VARIANTS[file].removedContent;
}

/** Writes the fixture files into `<root>/<dir>` and returns the repository-relative directory. */
export function writeFixtures(root: string, dir: string): string {
  const abs = path.join(root, dir);
  mkdirSync(abs, { recursive: true });
  for (const [name, content] of Object.entries(FIXTURE_FILES)) writeFileSync(path.join(abs, name), content);
  return dir;
}

export function removeFixtures(root: string, dir: string): void {
  rmSync(path.join(root, dir), { recursive: true, force: true });
}
