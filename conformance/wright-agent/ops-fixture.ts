/** Operation checks on our fixture: the facts its wright-agent-fixture/v1 document states, and its variants. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { expect, fail, type Check } from "../harness/check.js";
import { type WrightAgentTarget, describe as show } from "./target.js";
import {
  expectRefusal,
  expectResult,
  list,
  needsOwnFixture,
  obj,
  sameJson,
  serviceTransport,
  sha256Hex,
} from "./util.js";
import { answer, items, insertAt1, type FixtureFacts } from "./ops-shared.js";

export const opsFixtureFacts: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-fixture-facts",
  title: "(our fixture) the facts the wright-agent-fixture/v1 document states are the facts served",
  doc: "With our fixture (a wright-agent-fixture/v1 document, contracts/wright-agent): capabilities names the catalog's service, version, languages, profiles and athena version; targetMetadata is the catalog's; project reports the fixture's origin, settings and source files (entry first, each with its SHA-256 identity and line count); lintRules reports each registered rule's metadata, the lint policy, and effective severities (disabled: off, an override, else the default), with the fixture's skipped evaluations; persistentObjects reports the fixture's placed objects with their storage, rule and destruction; listEntries lists a language's catalog entries of a kind in catalog order with their spellings; simulate carries the fixture's trace.",
  async run(target, ctx) {
    if (!needsOwnFixture(target, ctx)) return;
    const t = await serviceTransport(target, [
      "capabilities",
      "targetMetadata",
      "project",
      "lintRules",
      "persistentObjects",
      "listEntries",
    ]);
    const f = JSON.parse(target.config.fixture!.text) as FixtureFacts;
    const caps = await answer(target, t, { op: "capabilities" });
    const cat = f.catalog;
    expect(
      caps.name === cat.service.name &&
        caps.version === cat.service.version &&
        caps.athena_version === cat.athenaVersion,
      "capabilities must name the catalog's service, version and athena version",
      caps,
    );
    expect(
      sameJson(caps.languages, Object.keys(cat.languages)) &&
        (cat.profiles === undefined || sameJson(caps.profiles, cat.profiles)),
      "capabilities must list the catalog's languages and profiles",
      caps,
    );
    expect(
      sameJson(await answer(target, t, { op: "targetMetadata" }), cat.targetMetadata),
      "targetMetadata must be the catalog's",
    );
    const p = await answer(target, t, { op: "project" });
    expect(
      obj(p.origin).kind === f.project.origin && sameJson(p.settings, f.project.settings ?? null),
      "project must report the fixture's origin and settings",
      { origin: p.origin, settings: p.settings },
    );
    const entryFirst = [...f.sources].sort(
      (a, b) => Number(b.path === f.project.entry) - Number(a.path === f.project.entry),
    );
    const files = await Promise.all(
      entryFirst.map(async (s) => ({ path: s.path, identity: sha256Hex(s.text), lines: s.text.split("\n").length })),
    );
    expect(
      sameJson(
        items(p.sourceFiles).map((x) => ({ path: x.path, identity: x.identity, lines: x.lines })),
        files,
      ),
      "project.sourceFiles must be the fixture's sources, entry first, with identity and line count",
      p.sourceFiles,
    );
    const lr = await answer(target, t, { op: "lintRules" });
    const policy = f.project.lintPolicy;
    expect(
      sameJson(lr.policy, {
        configFile: policy.configFile ?? null,
        ruleFiles: policy.ruleFiles ?? [],
        disabled: policy.disabled,
        severityOverrides: policy.severityOverrides,
        failOn: policy.failOn,
      }),
      "lintRules.policy must be the fixture's lint policy",
      lr.policy,
    );
    const served = items(lr.rules);
    expect(
      served.length === f.lintRules.length,
      `lintRules lists ${served.length} rules, the fixture registers ${f.lintRules.length}`,
    );
    f.lintRules.forEach((l, i) => {
      const r = served[i]!;
      const effective = policy.disabled.includes(l.id) ? "off" : (policy.severityOverrides[l.id] ?? l.defaultSeverity);
      const want = {
        id: l.id,
        summary: l.summary,
        rationale: l.rationale ?? "",
        documentation: l.documentation ?? "",
        evidence: l.evidence ?? "",
        tags: l.tags ?? [],
        defaultSeverity: l.defaultSeverity,
        effectiveSeverity: effective,
        fixable: l.fixable ?? false,
      };
      const got = Object.fromEntries(Object.keys(want).map((k) => [k, r[k]]));
      expect(
        sameJson(got, want),
        `lintRules ${l.id} must report the fixture's metadata and effective severity ${effective}`,
        { got, want },
      );
      expect(
        (l.knownLimits ?? []).every((k) => String(r.knownLimits).includes(k)),
        `lintRules ${l.id} must report its known limits`,
        r.knownLimits,
      );
    });
    const rules = items((await answer(target, t, { op: "rules", max: 10_000 })).rules);
    const skipped = (f.skipped ?? []).map((s) => ({
      id: s.lintRule,
      rule: s.rule,
      ruleAddress: rules[s.rule]?.address,
      reason: s.reason,
    }));
    expect(sameJson(lr.skipped, skipped), "lintRules.skipped must be the fixture's skipped evaluations", lr.skipped);
    const objects = items((await answer(target, t, { op: "persistentObjects", all: true })).persistentObjects);
    const placed = (f.persistentObjects ?? []).filter((o) => o.rule !== null);
    expect(
      sameJson(
        objects.map((o) => [o.kind, o.rule, o.storedIn, o.destroyed, o.identityRetained, obj(o.createdIn).address]),
        placed.map((o) => [o.kind, o.rule, o.storedIn, o.destroyed, o.storedIn !== null, rules[o.rule!]?.address]),
      ),
      "persistentObjects must report the fixture's placed objects (kind, rule, storedIn, destroyed, identity kept when stored, the creating rule)",
      objects,
    );
    for (const [name, lang] of Object.entries(cat.languages)) {
      if (lang.unavailable !== undefined) {
        const u = await answer(target, t, { op: "lookup", language: name, query: "x" });
        expect(
          u.owner === lang.owner &&
            sameJson(u.unavailable, { capability: lang.owner, message: lang.unavailable }) &&
            list(u.entries).length === 0,
          `lookup ${name}: the owner's vocabulary is unavailable`,
          u,
        );
        continue;
      }
      const loc = cat.defaultLocale ?? "en-US";
      for (const kind of [...new Set(lang.entries.map((e) => e.kind))]) {
        const page = await answer(target, t, { op: "listEntries", language: name, kind, pageSize: 500 });
        const want = lang.entries
          .filter((e) => e.kind === kind)
          .map((e) => ({
            identity: e.id,
            kind: e.kind,
            displayName: e.spellings[loc]?.[0] ?? e.id,
            accepted: e.spellings[loc] ?? [],
            within: e.within ?? null,
            signature: e.signature ?? undefined,
          }));
        const got = items(page.entries).map((e) => ({
          identity: e.identity,
          kind: e.kind,
          displayName: e.displayName,
          accepted: e.accepted,
          within: e.within,
          signature: e.signature,
        }));
        expect(
          page.owner === lang.owner && sameJson(got, want),
          `listEntries ${name} ${kind} must list the catalog's entries in order (first difference at ${got.findIndex((g, k) => !sameJson(g, want[k]))}: ${JSON.stringify(got.find((g, k) => !sameJson(g, want[k])))} ${JSON.stringify(want.find((w, k) => !sameJson(w, got[k])))})`,
          { got, want },
        );
      }
    }
    if ((await target.reachable(t)).includes("simulate") && cat.athenaVersion !== null) {
      const run = await answer(target, t, { op: "simulate", inputIdentity: p.inputIdentity, seconds: 1 });
      expect(
        sameJson(obj(run.result).trace, f.simulation?.trace ?? null),
        "simulate must carry the fixture's trace",
        run.result,
      );
    }
  },
};

export const opsFixtureVariants: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-fixture-variants",
  title:
    "(our fixture) errors, an unavailable element count, non-Workshop input and a failed load, written to the fixture",
  doc: "With our fixture edited on disk (restored after): a program with an error diagnostic fails check (ok false, exit 1, the diagnostic reported), compiles nothing, and costEstimate reports exact.emittedBytes null with emittedBytesUnavailable, never 0; an element count that cannot run leaves elementCount only its budget and names the reason in elementCountUnavailable, never a zero; OverPy input refuses Workshop edits with edit-requires-provider, input without a shipped provider with source-provider-unavailable; a fixture that does not parse (or is missing) fails check, compile and simulate inside their envelopes with the code symbols refuses with.",
  async run(target, ctx) {
    if (!needsOwnFixture(target, ctx)) return;
    const t = await serviceTransport(target, ["check", "costEstimate", "symbols", "project"]);
    const reach = await target.reachable(t);
    const base = JSON.parse(target.config.fixture!.text) as Record<string, any>;
    const write = (change: (f: Record<string, any>) => void) => {
      const f = structuredClone(base);
      change(f);
      target.writeFixture(JSON.stringify(f));
    };
    try {
      write((f) =>
        f.diagnostics.push({
          code: "conformance-probe-error",
          severity: "error",
          message: "an error the suite put here",
          span: f.diagnostics[0]?.span ?? null,
        }),
      );
      const c = await answer(target, t, { op: "check" });
      expect(
        c.ok === false && c.exit === 1 && list(c.diagnostics).some((d) => obj(d).code === "conformance-probe-error"),
        "a program with an error diagnostic fails check (ok false, exit 1) and reports it",
        c,
      );
      const exact = obj((await answer(target, t, { op: "costEstimate" })).exact);
      expect(
        exact.emittedBytes === null &&
          typeof exact.emittedBytesUnavailable === "string" &&
          exact.emittedBytesUnavailable !== "",
        "when emission fails exact.emittedBytes is null with emittedBytesUnavailable, never 0",
        exact,
      );
      if (reach.includes("compile")) {
        const out = `conformance-errors-${process.pid}.ow`;
        const r = await answer(target, t, { op: "compile", output: out });
        expect(
          r.ok === false && r.exit !== 0 && !existsSync(join(target.config.cwd, out)),
          "a failed compile writes no file",
          r,
        );
      }

      write((f) => (f.cost = { elementCountUnavailable: "the suite made the count unavailable" }));
      const cost = await answer(target, t, { op: "costEstimate" });
      expect(
        sameJson(Object.keys(obj(cost.elementCount)), ["budget"]) &&
          typeof cost.elementCountUnavailable === "string" &&
          cost.elementCountUnavailable !== "",
        "an element count that cannot run carries only budget, and elementCountUnavailable names the reason",
        cost,
      );

      for (const [origin, code] of [
        ["opy", "edit-requires-provider"],
        ["ostw", "source-provider-unavailable"],
      ] as const) {
        write((f) => (f.project.origin = origin));
        const id = String((await answer(target, t, { op: "project" })).inputIdentity);
        if (reach.includes("validateEditTransaction"))
          expectRefusal(
            await target.call(t, {
              op: "validateEditTransaction",
              transaction: { edits: [insertAt1(String(base.project.entry), id)] },
            }),
            code,
            `validateEditTransaction on ${origin} input`,
          );
        if (reach.includes("editStatements"))
          expectRefusal(
            await target.call(t, { op: "editStatements", inputIdentity: id, edits: [] }),
            code,
            `editStatements on ${origin} input`,
          );
      }

      for (const broken of ["parse", "missing"] as const) {
        if (broken === "parse") target.writeFixture("{ not a fixture");
        else target.removeFixture();
        const refusal = await target.call(t, { op: "symbols" });
        if (refusal.kind !== "refusal") fail(`symbols over a ${broken} fixture answered ${show(refusal)}`);
        for (const op of ["check", "compile", "simulate"].filter((o) => reach.includes(o))) {
          const env = obj(
            expectResult(
              await target.call(t, {
                op,
                ...(op === "simulate" ? { inputIdentity: "0".repeat(64), seconds: 1 } : {}),
                ...(op === "compile" ? { output: `conformance-${broken}.ow` } : {}),
              }),
              `${op} over a ${broken} fixture`,
            ),
          );
          expect(
            env.ok === false &&
              env.exit !== 0 &&
              obj(list(env.diagnostics)[0]).code === refusal.error.code &&
              env.command === op,
            `${op} over a ${broken} fixture must fail inside its envelope with ${refusal.error.code}`,
            env,
          );
        }
      }
    } finally {
      target.restoreFixture();
    }
  },
};
