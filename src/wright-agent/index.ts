/** wright-agent/v1: contract catalog, request validation, the transport-neutral service and the mock. */
export * from "./contract.js";
export * from "./handlers.js";
export { parseToolRequest, type ParsedRequest, type ParseOptions, type RefusalReason } from "./request.js";
export { createToolService, type ToolService, type ToolServiceOptions } from "./service.js";
export {
  createMockService,
  createMockHandlers,
  BUNDLED_FIXTURE_PATH,
  type MockService,
  type MockServiceOptions,
} from "./mock/index.js";
export type * from "../generated/wright-agent/types.js";
export { directRefs, findRecursion, reachableDefinitions } from "./schema-walk.js";
