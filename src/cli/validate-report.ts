import { junitXml, markdownTable, type Format } from "../report/format.js";
import type { ValidationResult } from "../check/pipeline.js";
import type { Problem } from "../contracts/index.js";

export function renderValidation(results: ValidationResult[], format: Format): string {
  const ok = results.every((r) => r.problems.length === 0);
  switch (format) {
    case "json":
      return JSON.stringify({ ok, documents: results }, null, 2);
    case "junit":
      return junitXml([
        {
          name: "validate",
          cases: results.map((r) => ({
            classname: "validate",
            name: `${r.contract}: ${r.document}`,
            timeSeconds: 0,
            failure: r.problems.length
              ? { message: `${r.problems.length} problem(s)`, body: r.problems.map(line).join("\n") }
              : undefined,
          })),
        },
      ]);
    case "markdown":
      return markdownTable(
        ["contract", "document", "file", "pointer", "rule", "message"],
        results.flatMap((r) =>
          r.problems.length
            ? r.problems.map((p) => [r.contract, r.document, p.file, p.pointer || "/", p.rule, p.message])
            : [[r.contract, r.document, "", "", "ok", ""]],
        ),
      );
    case "text":
      return results
        .map((r) =>
          r.problems.length
            ? `FAIL ${r.contract} ${r.document}\n${r.problems.map((p) => `  ${line(p)}`).join("\n")}`
            : `ok   ${r.contract} ${r.document}`,
        )
        .join("\n");
  }
}

function line(p: Problem): string {
  return `${p.file}#${p.pointer || ""} [${p.rule}] ${p.message}`;
}
