import { RustTargetLanguage } from "quicktype-core";
import type { LangTarget } from "./target.js";
export const rust: LangTarget = { id: "rust", displayName: "rust", commentPrefix: "//", fileName: () => "types.rust", language: () => new RustTargetLanguage(), rendererOptions: () => ({}) };
