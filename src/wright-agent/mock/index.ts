/**
 * The stateful wright-agent/v1 mock: a ToolHandlers implementation over a project fixture file,
 * wrapped in the transport-neutral service. Transports adapt `handle`; nothing here knows one.
 */
import { resolve } from "node:path";
import { OPERATION_NAMES } from "../contract.js";
import type { ToolHandlers } from "../handlers.js";
import { createToolService, type ToolService } from "../service.js";
import type * as F from "../../generated/wright-agent-fixture/types.js";
import { loadCatalog } from "./catalog.js";
import { FixtureParser } from "./fixture-load.js";
import type { MockContext } from "./context.js";
import * as edits from "./ops-edits.js";
import * as findings from "./ops-findings.js";
import * as queries from "./ops-queries.js";
import * as statics from "./ops-static.js";
import * as workflows from "./ops-workflows.js";
import { ProgramSession } from "./session.js";

export interface MockServiceOptions {
  /** The project fixture file (wright-agent-fixture/v1 JSON). Need not exist or load at startup. */
  fixturePath: string;
  /** Working directory compile resolves output paths against. Default: process.cwd(). */
  cwd?: string;
  /** Operations to advertise (default: all 24); others are refused as malformed-request. */
  operations?: readonly string[];
}

export interface MockService extends ToolService {
  readonly handlers: ToolHandlers;
  readonly session: ProgramSession;
  readonly catalog: F.Catalog;
}

/** One method per operation; each is a plain function of the context and the validated request. */
export function createMockHandlers(ctx: MockContext): ToolHandlers {
  const h =
    <A extends unknown[], R>(fn: (ctx: MockContext, ...args: A) => R) =>
    async (...args: A): Promise<R> =>
      fn(ctx, ...args);
  return {
    capabilities: h(statics.capabilities),
    compile: h(workflows.compile),
    check: h(workflows.check),
    analyze: h(workflows.analyze),
    inspect: h(workflows.inspect),
    project: h(queries.project),
    rules: h(queries.rules),
    symbols: h(queries.symbols),
    references: h(queries.references),
    usage: h(queries.usage),
    cfg: h(queries.cfg),
    findings: h(findings.findings),
    persistentObjects: h(queries.persistentObjects),
    lint: h(findings.lint),
    lintRules: h(findings.lintRules),
    callGraph: h(queries.callGraph),
    costEstimate: h(findings.costEstimate),
    targetMetadata: h(statics.targetMetadata),
    validateEditTransaction: h(edits.validateEditTransaction),
    providerValidateEdit: h(edits.providerValidateEdit),
    editStatements: h(edits.editStatements),
    lookup: h(statics.lookup),
    listEntries: h(statics.listEntries),
    simulate: h(workflows.simulate),
  };
}

export function createMockService(options: MockServiceOptions): MockService {
  const fixturePath = resolve(options.fixturePath);
  const operations = options.operations ?? OPERATION_NAMES;
  const parser = new FixtureParser();
  const ctx: MockContext = {
    session: new ProgramSession(fixturePath, parser),
    catalog: loadCatalog(fixturePath, parser),
    cwd: resolve(options.cwd ?? process.cwd()),
    operations,
  };
  const handlers = createMockHandlers(ctx);
  const service = createToolService(handlers, { operations });
  return { ...service, handlers, session: ctx.session, catalog: ctx.catalog };
}

export { BUNDLED_FIXTURE_PATH } from "./catalog.js";
export { ProgramSession } from "./session.js";
