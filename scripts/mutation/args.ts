/** Command-line handling of `npm run mutation`, kept apart from running Stryker so it can be tested. */
import { parseArgs } from "node:util";
import { AREAS, findArea, type MutationArea } from "./areas.js";

export const USAGE = `usage: npm run mutation -- [--only <area>] [--files <glob>]... [--json] [--concurrency <n>] [--force] [--runner checks|vitest] [--min-score <n>] [--from-reports] [--print-config]

Mutation-tests the reference implementations against the conformance suites only (StrykerJS,
incremental: unchanged mutants keep their last result). Areas: ${AREAS.map((a) => a.name).join(", ")}.

  --only <area>      run one area (default: all of them, in turn)
  --files <glob>     with --only: mutate only these files of the area (repeatable); a subset run's
                     report and incremental results replace the area's
  --json             print {"<area>": figures} on stdout, nothing else (Stryker's own output goes to
                     stderr). Figures: score (Stryker's: detected / all), killed, timeout, survived,
                     noCoverage, ignored, errors, all, detected, argued {equivalent, own choice, not a
                     protocol behaviour}, gaps, unargued, arguedShare (argued / all) and
                     protocolScore (detected / (all - argued)); ignores.json says what is argued
  --concurrency <n>  test-runner processes (default 2)
  --force            ignore the incremental results and test every mutant again
  --runner <r>       checks (default): areas with a check suite run it in one long-lived process;
                     vitest: Stryker's vitest runner for every area (a fresh worker per mutant)
  --min-score <n>    exit 1 when an area's Stryker score is below n
  --from-reports     run nothing: the figures of the areas' last reports (reports/mutation/<area>)
  --print-config     print the generated Stryker configuration(s) as JSON and run nothing
  -h, --help         this text

Exit codes: 0 done, 1 an area below --min-score, 2 usage error, 3 Stryker failed or a report is missing.`;

export class UsageError extends Error {}

export interface MutationArgs {
  help: boolean;
  areas: MutationArea[];
  json: boolean;
  concurrency: number;
  force: boolean;
  runner: "checks" | "vitest";
  minScore: number | undefined;
  fromReports: boolean;
  printConfig: boolean;
}

function positiveNumber(flag: string, text: string | undefined, integer: boolean): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (text.trim() === "" || !Number.isFinite(n) || n < 0 || (integer && (!Number.isInteger(n) || n < 1))) {
    throw new UsageError(
      `${flag} needs ${integer ? "a positive integer" : "a number >= 0"}, got ${JSON.stringify(text)}`,
    );
  }
  return n;
}

export function parseMutationArgs(argv: string[]): MutationArgs {
  let values: Record<string, string | boolean | string[] | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        only: { type: "string" },
        files: { type: "string", multiple: true },
        json: { type: "boolean" },
        concurrency: { type: "string" },
        force: { type: "boolean" },
        runner: { type: "string" },
        "min-score": { type: "string" },
        "print-config": { type: "boolean" },
        "from-reports": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (e) {
    // parseArgs' messages are multi-line for some errors; a usage error is one line.
    throw new UsageError((e as Error).message.split("\n")[0]!);
  }
  const only = values.only as string | undefined;
  let areas: MutationArea[] = [...AREAS];
  if (only !== undefined) {
    const area = findArea(only);
    if (!area)
      throw new UsageError(`unknown area ${JSON.stringify(only)} (areas: ${AREAS.map((a) => a.name).join(", ")})`);
    areas = [area];
  }
  const files = (values.files as unknown as string[] | undefined) ?? [];
  if (files.length > 0) {
    if (only === undefined) throw new UsageError("--files needs --only <area>");
    // Inside the area: under the literal part of one of its globs (no glob library needed for that).
    const literal = (g: string) => g.split("*")[0]!;
    const outside = files.filter(
      (f) =>
        !areas[0]!.mutate.some((g) => !g.startsWith("!") && (g.includes("*") ? f.startsWith(literal(g)) : f === g)),
    );
    if (outside.length > 0) throw new UsageError(`--files ${outside[0]} is not a file of area ${only}`);
    areas = [{ ...areas[0]!, mutate: [...files, ...areas[0]!.mutate.filter((g) => g.startsWith("!"))] }];
  }
  const runner = (values.runner as string | undefined) ?? "checks";
  if (runner !== "checks" && runner !== "vitest")
    throw new UsageError(`--runner needs checks or vitest, got ${JSON.stringify(runner)}`);
  return {
    runner,
    help: values.help === true,
    areas,
    json: values.json === true,
    concurrency: positiveNumber("--concurrency", values.concurrency as string | undefined, true) ?? 2,
    force: values.force === true,
    minScore: positiveNumber("--min-score", values["min-score"] as string | undefined, false),
    fromReports: values["from-reports"] === true,
    printConfig: values["print-config"] === true,
  };
}
