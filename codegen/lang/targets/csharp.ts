/**
 * C# (System.Text.Json): quicktype's own renderer over the pre-passed model (JsonValue as `object`,
 * aliases followed, inline objects hoisted, formats dropped), with no correction rendered in place:
 * a discriminated union is left to quicktype, which merges its members into one class whose members
 * are all optional (the member classes are emitted too). The limits are stated in
 * docs/other-languages.md; not compiled here (decision 104).
 */
import { CSharpTargetLanguage } from "quicktype-core";
import { pascalCase } from "../../names.js";
import type { LangTarget } from "./target.js";

export const csharp: LangTarget = {
  id: "csharp",
  displayName: "C# (System.Text.Json)",
  unions: "merge",
  commentPrefix: "//",
  fileName: (contract) => `${pascalCase(contract)}.cs`,
  language: () => new CSharpTargetLanguage(),
  rendererOptions: (contract) => ({
    framework: "SystemTextJson",
    namespace: `ContractSuite.${pascalCase(contract)}`,
    "array-type": "list",
    "check-required": "true",
    "any-type": "object",
  }),
};
