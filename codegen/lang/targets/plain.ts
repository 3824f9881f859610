/**
 * C# and Kotlin: quicktype's own renderers over the pre-passed model (JsonValue
 * as the language's any type, aliases followed, inline objects hoisted, formats dropped), with no
 * correction rendered in place: a discriminated union is left to quicktype, which merges its
 * members into one class whose members are all optional (the member classes are emitted too).
 * What that means per language is stated in docs/other-languages.md; none of them is compiled
 * here (decision 104).
 */
import { CSharpTargetLanguage, KotlinTargetLanguage } from "quicktype-core";
import { pascalCase } from "../../names.js";
import type { LangTarget } from "./target.js";

const pkg = (contract: string) => contract.replace(/[^A-Za-z0-9]+/g, "").toLowerCase();

export const csharp: LangTarget = {
  id: "csharp",
  displayName: "C# (System.Text.Json)",
  unions: "merge",
  commentPrefix: "//",
  fileName: (contract) => `${pascalCase(contract)}.cs`,
  language: () => new CSharpTargetLanguage(),
  rendererOptions: (contract) => ({ framework: "SystemTextJson", namespace: `ContractSuite.${pascalCase(contract)}`, "array-type": "list", "check-required": "true", "any-type": "object" }),
};

export const kotlin: LangTarget = {
  id: "kotlin",
  displayName: "Kotlin (kotlinx.serialization)",
  unions: "merge",
  commentPrefix: "//",
  fileName: (contract) => `${pascalCase(contract)}.kt`,
  language: () => new KotlinTargetLanguage(),
  rendererOptions: (contract) => ({ framework: "kotlinx", package: `contractsuite.${pkg(contract)}` }),
};
