/** What one output language contributes: how to render, where to write, how to comment. */
import type { TargetLanguage } from "quicktype-core";
import type { LangModel } from "../prepass.js";

export const LANGS = ["python", "go", "rust", "dart", "csharp", "kotlin", "swift"] as const;
export type LangId = (typeof LANGS)[number];

export interface LangTarget {
  id: LangId;
  displayName: string;
  /** Line-comment prefix for the generated header. */
  commentPrefix: string;
  /** File name inside `generated/<lang>/<contract>/`. */
  fileName(contract: string): string;
  /** A quicktype target language (usually a subclass that renders the corrections). */
  language(model: LangModel, contract: string): TargetLanguage;
  rendererOptions(contract: string): Record<string, string>;
  /** How discriminated unions reach the renderer (see PrepareOptions.unions). */
  unions: "tagged" | "merge";
  /** Text-level finishing, for what no renderer hook reaches (kept small and documented). */
  finish?(text: string, model: LangModel, contract: string): string;
}
