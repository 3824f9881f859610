/**
 * `@contract-suite/frame-wire`: the frame-wire 1.3.0 types, precompiled validators, the reference
 * fold and the SSE streaming client. Browser-safe: nothing here reaches a Node built-in or `Buffer`
 * (the package is compiled without @types/node, so a reach fails its build). The fold command and
 * the mock server are the CLI's.
 */
export type * from "../generated/frame-wire/types.js";
export * from "../generated/frame-wire/validators.js";
export type { StreamTurnInput, StreamTurnEvent } from "../generated/frame-wire-api/operations.js";
export { createFrameWireApiClient, frameWireApiOperations } from "../generated/frame-wire-api/operations.js";
export type { FoldAbort, FoldOutcome, FoldDiscard } from "../frame-wire/types.js";
export * from "../frame-wire/codes.js";
export { gapMessage } from "../frame-wire/gap.js";
export { createFold, foldEvents, MAX_POINTER_TOKENS, type Fold, type FoldOptions } from "../frame-wire/fold.js";
export { foldSseBody, streamTurn, encodeSseEvent, type StreamFoldOptions } from "../frame-wire/sse.js";
export type { HttpClientConfig } from "../http/operation.js";
export { JsonParseError, parseJson, tryParseJson, type SafeParseOptions } from "../json/safe-parse.js";
