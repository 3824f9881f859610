/**
 * `contract-suite init [DOC...]`: a registry for a team's own documents (decision 330). Writes
 * `<registry>/index.json` (each document's name, detected kind, `info.version` and an empty history)
 * and `<registry>/lint.json`, then prints the next three commands. It never overwrites a registry.
 */
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { Option, type Command } from "commander";
import {
  contractNameOf,
  describeDocument,
  folderRoot,
  isInside,
  loadRegistry,
  type ContractEntry,
} from "../contracts/index.js";
import { EXIT_CODES_HELP, UsageError, write, type CliContext } from "./context.js";

const DOCUMENT_FILE = /\.(json|ya?ml)$/i;
const REGISTRY_FILES = new Set(["index.json", "lint.json", "index.schema.json"]);

/** Contract documents inside `dir` (history/ left out): files whose content says OpenAPI, OpenRPC or JSON Schema (`$schema`). */
function findDocuments(dir: string): string[] {
  const found: string[] = [];
  const walk = (folder: string, depth: number) => {
    for (const e of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(folder, e.name);
      if (e.isDirectory() && depth < 3 && e.name !== "history" && !e.name.startsWith(".")) walk(path, depth + 1);
      else if (e.isFile() && DOCUMENT_FILE.test(e.name) && !(folder === dir && REGISTRY_FILES.has(e.name))) {
        try {
          const d = describeDocument(path, folderRoot(dir));
          if (d.kind !== "json-schema" || d.declaresSchema) found.push(path);
        } catch {
          // not a readable document: not a contract
        }
      }
    }
  };
  walk(dir, 0);
  return found;
}

export function registerInitCommand(program: Command, ctx: CliContext): void {
  program
    .command("init")
    .addHelpText("after", EXIT_CODES_HELP)
    .description(
      "Start a registry for your own contract documents: writes contracts/index.json (each document's name from its file name, its kind " +
        "(JSON Schema, OpenRPC or OpenAPI, from its content), its version from info.version, and an empty history for earlier versions) " +
        "and contracts/lint.json, then prints the next commands. The documents must lie inside the registry folder (its root: decision 250); " +
        "without DOCs every document found there is registered. Never overwrites an existing index.json (exit 2).",
    )
    .argument(
      "[documents...]",
      "contract documents inside the registry folder (default: every JSON/YAML document found there)",
    )
    .addOption(new Option("--registry <dir>", "the registry folder to create").default("contracts"))
    .action((docs: string[], opts: { registry: string }) => {
      const dir = resolve(opts.registry);
      const shown = relative(process.cwd(), dir) || ".";
      const index = join(dir, "index.json");
      if (existsSync(index))
        throw new UsageError(
          `${join(shown, "index.json")} already exists: init never overwrites a registry (edit it, or give another --registry)`,
        );
      if (docs.length === 0 && existsSync(dir)) docs = findDocuments(dir);
      if (docs.length === 0)
        throw new UsageError(
          `no documents given and none found in ${shown}/: put your OpenAPI, OpenRPC or JSON Schema documents there and run contract-suite init ${shown}/api.yaml ...`,
        );
      const contracts: ContractEntry[] = [];
      const notes: string[] = [];
      for (const doc of docs) {
        const file = resolve(doc);
        if (!isInside(file, dir))
          throw new UsageError(
            `${doc} is outside ${shown}/: a registry reads only documents inside its folder; move it there (mkdir -p ${shown} && mv ${doc} ${shown}/) or give --registry with its folder`,
          );
        const d = describeDocument(doc, folderRoot(dir));
        if (d.version === undefined && d.kind !== "json-schema")
          throw new UsageError(
            `${doc}: no info.version (an ${d.kind === "openapi" ? "OpenAPI" : "OpenRPC"} document states its version there)`,
          );
        const name = contractNameOf(file);
        const twin = contracts.find((c) => c.name === name);
        if (twin)
          throw new UsageError(`${doc} and ${twin.entry} would both be named "${name}": rename one of the files`);
        if (d.version === undefined)
          notes.push(`${name}: a JSON Schema has no info.version; registered as 1.0.0 (edit index.json)`);
        contracts.push({
          name,
          kind: d.kind,
          version: d.version ?? "1.0.0",
          entry: relative(dir, file).split(sep).join("/"),
          history: [],
        });
      }
      writeFileSync(index, `${JSON.stringify({ contracts }, null, 2)}\n`, { flag: "wx" });
      const lint = join(dir, "lint.json");
      const lintExisted = existsSync(lint);
      if (!lintExisted)
        writeFileSync(
          lint,
          `${JSON.stringify(
            {
              $comment:
                "contract-suite lint config: rule severities (error, warning, info, off) and waivers (rule + location + a reason of 10 characters or more). contract-suite lint --list-rules lists the rules.",
              rules: {},
              waivers: [],
            },
            null,
            2,
          )}\n`,
          { flag: "wx" },
        );
      loadRegistry(dir); // what was written reads back as a registry (its entries inside its folder)
      write(
        ctx.io.stdout,
        [
          `wrote ${join(shown, "index.json")}: ${contracts.map((c) => `${c.name} (${c.kind} ${c.version}, ${c.entry})`).join(", ")}`,
          lintExisted ? `kept ${join(shown, "lint.json")} (it was there)` : `wrote ${join(shown, "lint.json")}`,
          ...notes,
          "",
          "next:",
          `  contract-suite validate --registry ${shown}`,
          `  contract-suite lint --registry ${shown}`,
          `  contract-suite gen --registry ${shown} --out src/generated`,
        ].join("\n"),
      );
    });
}
