/**
 * The service's handler interface: one method per wright-agent/v1 operation, named after the op,
 * taking that op's request type and resolving to its result type. Hand-written for now in the
 * exact shape the foundation's codegen will emit (method = op, param = <Op>Request, return =
 * Promise<<Op>Result>); test/wright-agent/handlers-shape.test.ts keeps it in step with the
 * contract's x-operations. A refusal is thrown as a ToolRefusal.
 */
import type * as T from "./types/contract-types.js";

export interface ToolHandlers {
  capabilities(request: T.CapabilitiesRequest): Promise<T.CapabilitiesResult>;
  compile(request: T.CompileRequest): Promise<T.CompileResult>;
  check(request: T.CheckRequest): Promise<T.CheckResult>;
  analyze(request: T.AnalyzeRequest): Promise<T.AnalyzeResult>;
  inspect(request: T.InspectRequest): Promise<T.InspectResult>;
  project(request: T.ProjectRequest): Promise<T.ProjectResult>;
  rules(request: T.RulesRequest): Promise<T.RulesResult>;
  symbols(request: T.SymbolsRequest): Promise<T.SymbolsResult>;
  references(request: T.ReferencesRequest): Promise<T.ReferencesResult>;
  usage(request: T.UsageRequest): Promise<T.UsageResult>;
  cfg(request: T.CfgRequest): Promise<T.CfgResult>;
  findings(request: T.FindingsRequest): Promise<T.FindingsResult>;
  persistentObjects(request: T.PersistentObjectsRequest): Promise<T.PersistentObjectsResult>;
  lint(request: T.LintRequest): Promise<T.LintResult>;
  lintRules(request: T.LintRulesRequest): Promise<T.LintRulesResult>;
  callGraph(request: T.CallGraphRequest): Promise<T.CallGraphResult>;
  costEstimate(request: T.CostEstimateRequest): Promise<T.CostEstimateResult>;
  targetMetadata(request: T.TargetMetadataRequest): Promise<T.TargetMetadataResult>;
  validateEditTransaction(request: T.ValidateEditTransactionRequest): Promise<T.ValidateEditTransactionResult>;
  providerValidateEdit(request: T.ProviderValidateEditRequest): Promise<T.ProviderValidateEditResult>;
  editStatements(request: T.EditStatementsRequest): Promise<T.EditStatementsResult>;
  lookup(request: T.LookupRequest): Promise<T.LookupResult>;
  listEntries(request: T.ListEntriesRequest): Promise<T.ListEntriesResult>;
  simulate(request: T.SimulateRequest): Promise<T.SimulateResult>;
}

export type OperationName = keyof ToolHandlers;
export type RequestOf<Op extends OperationName> = Parameters<ToolHandlers[Op]>[0];
export type ResultOf<Op extends OperationName> = Awaited<ReturnType<ToolHandlers[Op]>>;

/** Optional refusal members beyond {code, message} (ambiguous-* candidates and their generation). */
export interface RefusalDetails {
  candidates?: T.ToolError["candidates"];
  snapshot?: number;
}

/** A service refusal: becomes {"error": {code, message, ...details}}. */
export class ToolRefusal extends Error {
  override readonly name = "ToolRefusal";
  constructor(
    readonly code: T.KnownErrorCode | (string & {}),
    message: string,
    readonly details: RefusalDetails = {},
  ) {
    super(message);
  }

  toError(): T.ToolError {
    return { code: this.code, message: this.message, ...this.details };
  }
}

export function refuse(code: T.KnownErrorCode, message: string, details?: RefusalDetails): never {
  throw new ToolRefusal(code, message, details);
}
