/** The lint rule registry's unit: one rule, one file under rules/, with id, category, severity and doc. */
import type { LoadedContract } from "../../contracts/index.js";
import type { SchemaContext } from "../schema/context.js";
import type { SchemaNode } from "../schema/keywords.js";
import type { SchemaSite } from "./walk.js";

export type Severity = "error" | "warning" | "info";
export type SeveritySetting = Severity | "off";

export interface LintRule {
  id: string;
  category:
    | "syntax"
    | "codegen"
    | "naming"
    | "structure"
    | "consumer"
    | "portability"
    | "performance"
    | "documentation";
  defaultSeverity: Severity;
  /** One paragraph: what it finds, why it matters, how to fix it. */
  doc: string;
  check(ctx: LintContext): RuleFinding[];
}

export interface RuleFinding {
  /** Absolute file path. */
  file: string;
  pointer: string;
  message: string;
}

/** The bundle view of a contract, for rules that need validators, arbitraries or the reference graph. */
export interface LintBundle {
  ctx: SchemaContext;
  /** Bundle node of a raw schema position (file + pointer), when it has one. */
  nodeAt(file: string, pointer: string): SchemaNode | undefined;
  /** Where a bundle definition came from: file and pointer. */
  origin(defName: string): { file: string; pointer: string } | undefined;
  /** Bundle definition name of a raw definition position. */
  defAt(file: string, pointer: string): string | undefined;
}

export interface LintContext {
  contract: LoadedContract;
  /** Every schema position of the contract's documents. */
  sites: SchemaSite[];
  /** Raw bytes of every file, including ones that failed to parse. */
  raw: Map<string, Buffer>;
  /** Lazily built; undefined when the contract cannot be bundled (unresolved references...). */
  bundle(): LintBundle | undefined;
  options: {
    /** Definition names (or `*` globs) that are tool input schemas for this contract. */
    toolInputs: string[];
    samples: number;
    seed: number;
  };
}
