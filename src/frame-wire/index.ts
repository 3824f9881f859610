export * from "./types.js";
export * from "./codes.js";
export { gapMessage } from "./gap.js";
export { createFold, foldEvents, MAX_POINTER_TOKENS, type Fold, type FoldOptions } from "./fold.js";
export { runFoldCommand, type FoldCommandOptions } from "./fold-command.js";
