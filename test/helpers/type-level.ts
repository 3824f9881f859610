/**
 * Type-level conformance: generated TypeScript types must accept every schema-valid value. We
 * generate the types of a contract document (any version, history included), write each sample as
 * a typed constant, and type-check the file with the real compiler.
 */
import ts from "typescript";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadContract, type Registry, type ContractEntry } from "../../src/contracts/index.js";
import { buildBundle } from "../../codegen/bundle.js";
import { generateTypes } from "../../codegen/types.js";

export interface TypedSample {
  /** Generated type name, e.g. "FieldSetDelta". */
  type: string;
  value: unknown;
  label: string;
}

/** Type-checks the samples against the types generated from `entryFile`; returns the failing samples' labels with the compiler's message. */
export async function typecheckSamples(
  registry: Registry,
  entry: ContractEntry,
  entryFile: string,
  samples: TypedSample[],
): Promise<{ label: string; message: string }[]> {
  const contract = await loadContract(registry, entry, entryFile);
  if (contract.problems.length) throw new Error(`invalid document ${entryFile}: ${JSON.stringify(contract.problems)}`);
  const types = await generateTypes(buildBundle(contract).bundle, "Contract");
  const dir = mkdtempSync(join(tmpdir(), "type-level-"));
  try {
    writeFileSync(join(dir, "types.ts"), types);
    const lines = [`import type * as T from "./types.js";`];
    samples.forEach((s, i) => lines.push(`export const s${i}: T.${s.type} = ${JSON.stringify(s.value)};`));
    writeFileSync(join(dir, "samples.ts"), lines.join("\n") + "\n");
    const program = ts.createProgram([join(dir, "samples.ts")], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: [],
      skipLibCheck: true,
    });
    const failures: { label: string; message: string }[] = [];
    for (const d of ts.getPreEmitDiagnostics(program)) {
      if (!d.file) throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      if (!d.file.fileName.endsWith("samples.ts"))
        throw new Error(`generated types do not compile: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
      const line = d.file.getLineAndCharacterOfPosition(d.start ?? 0).line; // line 0 is the import
      failures.push({
        label: samples[line - 1]?.label ?? `line ${line}`,
        message: ts.flattenDiagnosticMessageText(d.messageText, "\n"),
      });
    }
    return failures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
