/**
 * wright-agent: conformance of a wright-agent/v1 server (`wright serve` or our mock) over stdio,
 * JSON-RPC and MCP. Negotiates with capabilities first and sends only advertised operations.
 * Stateful checks (state-*) run only when the target serves our fixture.
 */
import type { Suite } from "../harness/check.js";
import { coreChecks } from "./checks-core.js";
import { jsonrpcChecks } from "./checks-jsonrpc.js";
import { mcpChecks } from "./checks-mcp.js";
import { stateChecks } from "./checks-state.js";
import { powerCompileChecks } from "./power-compile.js";
import { powerHostChecks } from "./power-host.js";
import { powerModelChecks } from "./power-model.js";
import { powerOpsChecks } from "./power-ops.js";
import { powerResolveChecks } from "./power-resolve.js";
import { powerStdioChecks } from "./power-stdio.js";
import { powerTextChecks } from "./power-text.js";
import type { WrightAgentTarget } from "./target.js";

export const wrightAgentSuite: Suite<WrightAgentTarget> = {
  name: "wright-agent",
  description:
    "wright-agent/v1 servers over stdio, JSON-RPC 2.0 and MCP: negotiation, result schemas, error model, framing, MCP surface, cross-transport equality, determinism, stateful semantics.",
  checks: [
    ...coreChecks,
    ...jsonrpcChecks,
    ...mcpChecks,
    ...stateChecks,
    ...powerStdioChecks,
    ...powerHostChecks,
    ...powerModelChecks,
    ...powerOpsChecks,
    ...powerCompileChecks,
    ...powerResolveChecks,
    ...powerTextChecks,
  ],
};
