/** `contract-suite mirror <contract>`: JSON Schema <-> OpenAPI mirror check. */
import { Option, type Command } from "commander";
import { loadRegistry, type Registry } from "../contracts/index.js";
import { resolveTargets } from "./targets.js";
import { runMirror, type MirrorReport } from "../review/mirror.js";
import { EXIT, EXIT_CODES_HELP, refRootOption, UsageError, write, type CliContext } from "./context.js";

/** Mirror-checks `name`: an OpenAPI contract with `mirrors`, or a JSON Schema contract some OpenAPI contract mirrors. */
export async function mirrorContract(registry: Registry, name: string): Promise<MirrorReport[]> {
  const mirrors = registry.contracts.filter((c) => (c.name === name ? !!c.mirrors : c.mirrors === name));
  if (mirrors.length === 0)
    throw new UsageError(`no OpenAPI contract mirrors "${name}" (set "mirrors" in contracts/index.json)`);
  const { contractSamples } = await import("../../conformance/index.js");
  return Promise.all(mirrors.map((m) => runMirror(registry, m.name, { seeds: contractSamples(m.mirrors!) })));
}

export function renderMirror(reports: MirrorReport[], format: "text" | "json"): string {
  if (format === "json") return JSON.stringify({ ok: reports.every((r) => r.defects.length === 0), reports }, null, 2);
  return reports
    .map((r) => {
      const head = `${r.defects.length ? "FAIL" : "ok  "} ${r.contract} <-> ${r.mirror}: ${r.definitions} definitions, ${r.samples} samples cross-validated, ${r.defects.length} defect(s)`;
      return [
        head,
        ...r.defects.map(
          (d) =>
            `  ${d.path} [${d.kind}] ${d.message}${d.value !== undefined ? `\n    value: ${JSON.stringify(d.value)}` : ""}`,
        ),
      ].join("\n");
    })
    .join("\n");
}

export function registerMirrorCommand(program: Command, ctx: CliContext): void {
  program
    .command("mirror")
    .description(
      "Compare a JSON Schema contract with the OpenAPI document that mirrors it, definition by definition and property by property (const -> one-member enum and external-file refs -> #/components/schemas are the only allowed translations), and cross-validate samples.",
    )
    .argument("<contract>", "the JSON Schema contract or its OpenAPI mirror; or the JSON Schema document")
    .argument(
      "[mirror]",
      "with a JSON Schema document: the OpenAPI document that mirrors it (mirror schema.json openapi.yaml)",
    )
    .addOption(new Option("--registry <dir>", "folder holding index.json"))
    .addOption(refRootOption())
    .addOption(new Option("--format <format>", "output format").choices(["text", "json"]).default("text"))
    .addHelpText("after", EXIT_CODES_HELP)
    .action(
      async (
        name: string,
        second: string | undefined,
        opts: { registry?: string; refRoot: string[]; format: "text" | "json" },
      ) => {
        let reports: MirrorReport[];
        const targets = resolveTargets(second === undefined ? [name] : [name, second], opts);
        if (!targets.documents) {
          if (second !== undefined) throw new UsageError("mirror takes one contract name (or two document paths)");
          reports = await mirrorContract(loadRegistry(opts.registry, { refRoots: opts.refRoot }), name);
        } else {
          // Two documents: the OpenAPI one mirrors the JSON Schema one (no samples beyond the documents' own).
          const [a, b] = targets.registry.contracts;
          const schema = [a, b].find((c) => c?.kind === "json-schema");
          const openapi = [a, b].find((c) => c?.kind === "openapi");
          if (!schema || !openapi)
            throw new UsageError(
              "mirror with documents takes two: a JSON Schema document and the OpenAPI document mirroring it",
            );
          openapi.mirrors = schema.name;
          reports = [await runMirror(targets.registry, openapi.name, { seeds: [] })];
        }
        write(ctx.io.stdout, renderMirror(reports, opts.format));
        if (reports.some((r) => r.defects.length)) ctx.exit(EXIT.failed);
      },
    );
}
