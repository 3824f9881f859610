/**
 * Operation checks: relations between operations that hold for ANY project a server loads, read
 * off the target's own answers (no value of our fixture is assumed, except in the checks marked
 * "(our fixture)"). Each runs over one transport (the first that is not MCP, else MCP):
 * cross-transport already compares the transports, and these pin what one operation's answer must
 * agree with. One file per protocol area (ops-*.ts); decision 243.
 */
import type { Check } from "../harness/check.js";
import type { WrightAgentTarget } from "./target.js";
import {
  opsProjectCounts,
  opsReferencesUsage,
  opsListFilters,
  opsSourceFacts,
  opsUnselectedShapes,
} from "./ops-queries.js";
import { opsCfg, opsCallGraph, opsCostEstimate, opsStaticSurface, opsWaitActions } from "./ops-analysis.js";
import { opsLint, opsLintPolicy } from "./ops-lint.js";
import { opsVocabulary, opsLocales } from "./ops-vocabulary.js";
import { opsEdits, opsEditStatements, opsEditSources, opsProviderDocuments } from "./ops-edits.js";
import { opsWorkflows, opsWorkflowEdges } from "./ops-workflows.js";
import { opsFixtureFacts, opsFixtureVariants } from "./ops-fixture.js";
import { opsFixtureShapes, opsFixtureEdges } from "./ops-fixture-shapes.js";

export const powerOpsChecks: Check<WrightAgentTarget>[] = [
  opsFixtureFacts,
  opsFixtureVariants,
  opsSourceFacts,
  opsProjectCounts,
  opsReferencesUsage,
  opsListFilters,
  opsCfg,
  opsCallGraph,
  opsCostEstimate,
  opsLint,
  opsVocabulary,
  opsEdits,
  opsWorkflows,
  opsEditStatements,
  opsStaticSurface,
  opsLocales,
  opsWaitActions,
  opsUnselectedShapes,
  opsFixtureShapes,
  opsEditSources,
  opsProviderDocuments,
  opsFixtureEdges,
  opsWorkflowEdges,
  opsLintPolicy,
];
