/**
 * The browser-safe entry of frame-wire (`@contract-suite/frame-wire`): the reference fold and the
 * SSE client a renderer needs. Nothing reachable from here may use Node built-ins or `Buffer`
 * (test/frame-wire/browser-safe.test.ts bundles it for the browser to prove it); node-only parts
 * (the fold command, the mock server) live in src/cli and src/frame-wire/serve.ts.
 */
export * from "./types.js";
export * from "./codes.js";
export { gapMessage } from "./gap.js";
export { createFold, foldEvents, MAX_POINTER_TOKENS, type Fold, type FoldOptions } from "./fold.js";
export { encodeSseEvent, foldSseBody, streamTurn, type StreamFoldOptions } from "./sse.js";
