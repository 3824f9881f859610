/**
 * The wright-agent pre-check (see harness/probe.ts): over each transport the run exercises, the
 * server starts and answers one exchange (capabilities over stdio and JSON-RPC, the MCP
 * handshake over mcp). Any answer counts, a refusal too: the suite judges answers, the probe only
 * whether there is someone to ask. The sessions it opens are the ones the suite goes on to use.
 */
import { errorLine, type ProbeProblem } from "../harness/probe.js";
import type { WrightAgentTarget } from "./target.js";

export async function probeWrightAgent(target: WrightAgentTarget): Promise<ProbeProblem> {
  for (const transport of target.transports) {
    try {
      // Each opener's first exchange is capabilities (stdio, JSON-RPC) or the MCP handshake.
      if (transport === "stdio") await target.stdio();
      else if (transport === "jsonrpc") await target.jsonrpc();
      else await target.mcp();
    } catch (e) {
      const command = target.command(transport);
      const shown = typeof command === "string" ? command : command.join(" ");
      return `wright-agent server ${JSON.stringify(shown)} does not answer over ${transport}: ${errorLine(e)}`;
    }
  }
  return undefined;
}
