/** Type-checks files with the real TypeScript compiler, using the repository's strict options. */
import ts from "typescript";
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");
let options: ts.CompilerOptions | undefined;

function compilerOptions(): ts.CompilerOptions {
  if (options) return options;
  const config = ts.readConfigFile(resolve(ROOT, "tsconfig.json"), ts.sys.readFile);
  options = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT).options;
  return options;
}

/** Diagnostics (as "file:line message") for the given files; [] when they compile. */
export function typecheck(files: string[]): string[] {
  const program = ts.createProgram(
    files.map((f) => resolve(ROOT, f)),
    { ...compilerOptions(), noEmit: true },
  );
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file
      ? `${d.file.fileName.replace(ROOT + "/", "")}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
      : "";
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
}
