/**
 * The protocol's stored form of an intent's files: one string with leading and trailing commas
 * (`,src/auth.ts,src/api.ts,`), so that `instr(files, ',' || f || ',')` matches exactly one whole
 * entry. A file name containing ',' cannot be represented and is refused; so are an empty entry
 * and an empty list.
 */
export type FileListResult = { ok: true; value: string } | { ok: false; file: string; message: string };

export function encodeFileList(files: readonly string[]): FileListResult {
  if (files.length === 0) return { ok: false, file: "", message: "at least one file is required" };
  for (const f of files) {
    if (f.length === 0) return { ok: false, file: f, message: "file entries must not be empty" };
    if (f.includes(",")) return { ok: false, file: f, message: `file names containing ',' cannot be stored: ${f}` };
  }
  return { ok: true, value: `,${files.join(",")},` };
}

export function decodeFileList(stored: string): string[] {
  return stored.split(",").filter((s) => s.length > 0);
}

/** Whether `stored` contains `file` as one whole entry (the `intent.query` file filter). */
export function fileListHas(stored: string, file: string): boolean {
  return file.length > 0 && !file.includes(",") && stored.includes(`,${file},`);
}
