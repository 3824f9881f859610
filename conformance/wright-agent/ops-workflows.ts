/** Operation checks: the workflows (analyze, inspect, check, simulate) and their edges. */
import { readFileSync, rmSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { operationEntry } from "../../src/wright-agent/contract.js";
import { expect, fail, type Check } from "../harness/check.js";
import type { WrightAgentTarget } from "./target.js";
import { expectResult, list, needsOwnFixture, obj, sameJson, serviceTransport, sha256Hex } from "./util.js";
import { type Obj, answer, items, countBy, sorted, SEVERITY_RANK } from "./ops-shared.js";

export const opsWorkflows: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-workflows",
  title: "analyze, inspect, check and simulate: envelopes whose reports agree with the semantic operations",
  doc: "Each is a wright-result/v1 envelope ({version, contract: wright-result/v1}, command, ok true exactly when exit is 0). analyze's ranked report keeps the top five hotspots (ranked by count like costEstimate's elementCount), risks (errors first) and variables (most referenced first) and the top three condition trees unless all, its overview and cost count what project and costEstimate count, and all lifts the caps; inspect lists the rules rules lists (20 by default, all with all) and the findings count; check's program is analyze's; simulate with a stale inputIdentity fails (ok false) and with the current one succeeds, carrying capabilities' athena_version.",
  async run(target) {
    const t = await serviceTransport(target, ["analyze", "inspect", "check", "project", "costEstimate", "rules"]);
    const envelope = (e: Obj, command: string) => {
      expect(
        obj(e.wright).contract === "wright-result/v1" && e.command === command && e.ok === (e.exit === 0),
        `${command}: not a ${command} wright-result/v1 envelope with ok following exit`,
        { wright: e.wright, command: e.command, ok: e.ok, exit: e.exit },
      );
      return obj(e.result);
    };
    const p = await answer(target, t, { op: "project" });
    const cost = await answer(target, t, { op: "costEstimate", all: true });
    const ranked = items(obj(cost.elementCount).rules).map((r) => r.count);
    const a = envelope(await answer(target, t, { op: "analyze" }), "analyze");
    const aAll = envelope(await answer(target, t, { op: "analyze", all: true }), "analyze");
    expect(
      sameJson(
        items(a.hotspots).map((h) => h.count),
        ranked.slice(0, 5),
      ) || ranked.length === 0,
      "analyze's hotspots must be the 5 largest rules by count",
      { hotspots: a.hotspots, ranked },
    );
    if (ranked.length > 0)
      expect(
        sameJson(
          items(aAll.hotspots).map((h) => h.count),
          ranked,
        ),
        "analyze {all: true} ranks every rule",
        aAll.hotspots,
      );
    expect(sameJson(obj(a.cost), obj(cost.exact)), "analyze's cost must be costEstimate's exact counts", {
      analyze: a.cost,
      costEstimate: cost.exact,
    });
    const ov = obj(a.overview);
    expect(
      ov.rules === p.rules && ov.conditions === p.conditions && ov.actions === p.actions,
      "analyze's overview must count what project counts",
      { overview: ov },
    );
    if (ov.elementCount !== undefined && obj(cost.elementCount).total !== undefined)
      expect(
        ov.elementCount === obj(cost.elementCount).total,
        "analyze's overview.elementCount is costEstimate's elementCount.total",
      );
    const findings = items((await answer(target, t, { op: "findings", all: true })).findings);
    const risks = items(a.risks);
    expect(
      risks.length === Math.min(5, findings.length) && items(aAll.risks).length === findings.length,
      `analyze keeps the top five risks (${risks.length} of ${findings.length}), all of them with all`,
    );
    for (const rs of [risks, items(aAll.risks)])
      for (let i = 1; i < rs.length; i++)
        expect(
          (SEVERITY_RANK[String(rs[i - 1]!.severity)] ?? 9) <= (SEVERITY_RANK[String(rs[i]!.severity)] ?? 9),
          "analyze's risks are ranked by severity (errors first)",
          rs,
        );
    const vars = items(aAll.topVariables);
    expect(items(a.topVariables).length === Math.min(5, vars.length), "analyze keeps the top five variables");
    for (let i = 1; i < vars.length; i++)
      expect(
        Number(vars[i - 1]!.references) >= Number(vars[i]!.references),
        "analyze's topVariables are ranked by references",
        vars,
      );
    const trees = items(aAll.conditionTrees);
    expect(items(a.conditionTrees).length === Math.min(3, trees.length), "analyze keeps the top three condition trees");
    for (let i = 1; i < trees.length; i++)
      expect(
        Number(trees[i - 1]!.conditions) >= Number(trees[i]!.conditions),
        "analyze's conditionTrees are ranked by condition count",
        trees,
      );
    // The report's entries agree with the semantic operations: complexity with cfg, condition trees with rule content, variables with symbols.
    const withContent = items((await answer(target, t, { op: "rules", max: 10_000, content: true })).rules);
    const complexity = items(aAll.complexity);
    expect(
      items(a.complexity).length === Math.min(5, complexity.length),
      "analyze keeps the top five complexity entries",
    );
    for (const cx of complexity) {
      const g = await target.call(t, { op: "cfg", rule: cx.address, all: true });
      if (g.kind !== "result") continue;
      const blocks = items(obj(g.value).blocks);
      expect(
        cx.blocks === blocks.length &&
          cx.branches === blocks.filter((b) => ["if", "while", "for"].includes(String(b.kind))).length,
        `analyze complexity of ${String(cx.address)} (${String(cx.blocks)} blocks, ${String(cx.branches)} branches) disagrees with its cfg`,
        { cx, kinds: blocks.map((b) => b.kind) },
      );
    }
    for (let k = 1; k < complexity.length; k++)
      expect(
        Number(complexity[k - 1]!.branches) >= Number(complexity[k]!.branches),
        "analyze's complexity is ranked by branches",
        complexity,
      );
    const withConditions = withContent.filter((r) => list(obj(r.content).conditions).length > 0);
    expect(
      trees.length === withConditions.length,
      `analyze {all: true} lists ${trees.length} condition trees, ${withConditions.length} rules have conditions`,
    );
    for (const tr of trees) {
      const rule = withContent.find((r) => r.address === tr.ruleAddress);
      expect(
        rule !== undefined &&
          tr.conditions === list(obj(rule.content).conditions).length &&
          list(tr.text).length === tr.conditions,
        `analyze's condition tree of ${String(tr.ruleAddress)} does not count that rule's conditions`,
        tr,
      );
    }
    const variables = new Map(
      items((await answer(target, t, { op: "symbols", all: true })).symbols)
        .filter((x) => x.kind === "globalVariable" || x.kind === "playerVariable")
        .map((x) => [`${String(x.kind)}:${String(x.name)}`, x]),
    );
    expect(
      vars.length === variables.size && vars.every((v) => variables.has(`${String(v.kind)}:${String(v.name)}`)),
      `analyze {all: true} topVariables must list the program's ${variables.size} variables`,
      vars,
    );
    const rules = items((await answer(target, t, { op: "rules", max: 10_000 })).rules).map((r) => [
      r.id,
      r.name,
      r.address,
    ]);
    const i = envelope(await answer(target, t, { op: "inspect" }), "inspect");
    const iAll = envelope(await answer(target, t, { op: "inspect", all: true }), "inspect");
    expect(
      sameJson(
        items(i.rules).map((r) => [r.id, r.name, r.address]),
        rules.slice(0, 20),
      ),
      "inspect lists the rules rules lists, 20 by default",
      i.rules,
    );
    expect(
      sameJson(
        items(iAll.rules).map((r) => [r.id, r.name, r.address]),
        rules,
      ),
      "inspect {all: true} lists every rule",
      iAll.rules,
    );
    expect(obj(i.program).findings === p.findings, "inspect's program.findings is project's findings count", i.program);
    if ((await target.reachable(t)).includes("compile")) {
      const out = `conformance-power-${process.pid}-${Date.now()}.ow`;
      const first = await answer(target, t, { op: "compile", output: out });
      const written = obj(envelope(first, "compile").output);
      if (first.ok === true) {
        expect(
          typeof written.written_to === "string" &&
            written.written_to.endsWith(out) &&
            typeof written.sha256 === "string",
          "compile must report output.written_to and output.sha256",
          first.result,
        );
        const file = isAbsolute(String(written.written_to))
          ? String(written.written_to)
          : join(target.config.cwd, String(written.written_to));
        expect(
          sha256Hex(readFileSync(file)) === written.sha256,
          "compile's output.sha256 must be the SHA-256 of the file it wrote",
          written,
        );
        if ("input_identity" in written)
          expect(
            written.input_identity === p.inputIdentity,
            "compile's output.input_identity is the entry source's identity",
            written,
          );
        const again = await answer(target, t, { op: "compile", output: out });
        expect(
          again.ok === false &&
            again.exit === 2 &&
            list(again.diagnostics).some((d) => obj(d).code === "output-exists") &&
            obj(again.result).output === undefined,
          "a second compile to the same file without force is output-exists (exit 2), writing nothing",
          again,
        );
        const forced = await answer(target, t, { op: "compile", output: out, force: true });
        expect(
          forced.ok === true && obj(obj(forced.result).output).sha256 === written.sha256,
          "compile with force replaces the file with the same program",
          forced.result,
        );
        rmSync(file, { force: true });
      }
    }
    const c = envelope(await answer(target, t, { op: "check" }), "check");
    expect(sameJson(c.program, a.program), "check's program is analyze's program summary", {
      check: c.program,
      analyze: a.program,
    });
    if ((await target.reachable(t)).includes("simulate")) {
      const athena = obj(await answer(target, t, { op: "capabilities" })).athena_version;
      const stale = await answer(target, t, { op: "simulate", inputIdentity: "0".repeat(64), seconds: 1 });
      expect(stale.ok === false && stale.exit !== 0, "simulate with a stale inputIdentity must fail", stale);
      const run = await answer(target, t, { op: "simulate", inputIdentity: p.inputIdentity, seconds: 1 });
      if (athena !== null && athena !== undefined) {
        const r = envelope(run, "simulate");
        expect(
          run.ok === true && r.athena_version === athena,
          `simulate with the current inputIdentity must run on athena ${String(athena)}`,
          run,
        );
        const supplied = "// supplied\n";
        const viaSources = await answer(target, t, {
          op: "simulate",
          inputIdentity: sha256Hex(supplied),
          seconds: 1,
          sources: { [String(items(p.sourceFiles)[0]?.path)]: supplied },
        });
        expect(viaSources.ok === true, "simulate with sources takes the supplied entry text's identity", viaSources);
      }
    }
  },
};

export const opsWorkflowEdges: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-workflow-edges",
  title:
    "(our fixture) workflow envelopes on failure validate; check, inspect and analyze caps, condition-tree order and risk selection",
  doc: "With our fixture: compile of the error-free program succeeds (exit 0); simulate with a stale inputIdentity fails with a diagnostic, and its envelope validates against SimulateResult (result.athena_version and trace are required). Over a fixture that does not parse or is missing, check, compile and simulate answer envelopes that validate against their result schemas (check's result carries program and next), with a non-zero integer exit and the loader's code. analyze's risk selection is finding selection (the file filter keeps that file's findings; selection.byCode counts the selected codes). Edited on disk (restored after), with more than 20 diagnostics, more than 20 rules and a later rule with the most conditions: check shows 20 diagnostics with a truncation (all: every one), inspect 20 rules in {items, truncation} (all: every one), and analyze's condition trees are ranked largest first.",
  async run(target, ctx) {
    if (!needsOwnFixture(target, ctx)) return;
    const t = await serviceTransport(target, [
      "check",
      "compile",
      "simulate",
      "analyze",
      "inspect",
      "findings",
      "project",
    ]);
    const valid = (op: string, env: Obj, what: string) => {
      const validate = operationEntry(op)!.validateResult;
      expect(validate(env), `${what}: the ${op} envelope does not validate against its result schema`, {
        env,
        errors: validate.errors,
      });
    };
    const p = await answer(target, t, { op: "project" });
    const out = `conformance-edges-${process.pid}.ow`;
    const compiled = await answer(target, t, { op: "compile", output: out, force: true });
    rmSync(join(target.config.cwd, out), { force: true });
    expect(
      compiled.ok === true && compiled.exit === 0,
      "compile of our error-free fixture must succeed (exit 0)",
      compiled,
    );
    const stale = await answer(target, t, { op: "simulate", inputIdentity: "0".repeat(64), seconds: 1 });
    valid("simulate", stale, "simulate with a stale inputIdentity");
    expect(
      stale.ok === false &&
        items(stale.diagnostics).length > 0 &&
        typeof items(stale.diagnostics)[0]!.code === "string",
      "simulate with a stale inputIdentity fails with a diagnostic naming its code",
      stale,
    );
    const findings = items((await answer(target, t, { op: "findings", all: true })).findings);
    for (const path of items(p.sourceFiles).map((f) => String(f.path))) {
      const a = obj((await answer(target, t, { op: "analyze", file: path, all: true })).result);
      const want = findings.filter((f) => obj(f.span).path === path).map((f) => f.code);
      expect(
        sameJson(sorted(items(a.risks).map((r) => String(r.code))), sorted(want.map(String))),
        `analyze {file: ${path}} must keep exactly that file's findings as risks`,
        a.risks,
      );
    }
    const selected = obj((await answer(target, t, { op: "analyze", severity: "info", all: true })).result);
    const byCode = obj(obj(selected.selection).byCode);
    if (selected.selection !== undefined && obj(selected.selection).byCode !== undefined)
      expect(
        sameJson(
          byCode,
          countBy(items(selected.risks), (r) => String(r.code)),
        ),
        "analyze {severity}: selection.byCode must count the selected risks by code",
        selected.selection,
      );
    const base = JSON.parse(target.config.fixture!.text) as Record<string, any>;
    try {
      for (const broken of ["parse", "missing"] as const) {
        if (broken === "parse") target.writeFixture("{ not a fixture");
        else target.removeFixture();
        for (const op of ["check", "compile", "simulate"]) {
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
          valid(op, env, `${op} over a ${broken} fixture`);
          expect(
            Number.isInteger(env.exit) && Number(env.exit) > 0,
            `${op} over a ${broken} fixture must exit non-zero`,
            env,
          );
        }
      }
      const f = structuredClone(base);
      const d = f.diagnostics[0];
      for (let k = 0; k < 24; k++) f.diagnostics.push({ ...d, code: `conformance-probe-${k}`, severity: "warning" });
      const extra = (f.rules as any[]).findIndex((r) => r.conditions.length > 0 && r.actions.length > 0);
      while (f.rules.length <= 22) f.rules.push(structuredClone(f.rules[5]));
      const last = (f.rules as any[])
        .map((r, i) => [r, i] as const)
        .filter(([r]) => r.conditions.length > 0)
        .pop()![1];
      f.rules[last].conditions.push(
        ...structuredClone(f.rules[extra].conditions),
        ...structuredClone(f.rules[extra].conditions),
      );
      target.writeFixture(JSON.stringify(f));
      const n = f.diagnostics.length;
      const c = await answer(target, t, { op: "check" });
      expect(
        items(c.diagnostics).length === 20 &&
          obj(obj(c.result).truncation).total === n &&
          obj(obj(c.result).truncation).withheld === n - 20,
        `check over ${n} diagnostics shows 20 and reports the truncation`,
        { shown: items(c.diagnostics).length, truncation: obj(c.result).truncation },
      );
      expect(
        items((await answer(target, t, { op: "check", all: true })).diagnostics).length === n,
        `check {all: true} shows all ${n} diagnostics`,
      );
      const i = obj((await answer(target, t, { op: "inspect" })).result);
      expect(
        list(obj(i.rules).items).length === 20 && obj(obj(i.rules).truncation).total === f.rules.length,
        `inspect over ${f.rules.length} rules shows 20 in {items, truncation}`,
        obj(i.rules).truncation ?? i.rules,
      );
      expect(
        items(obj((await answer(target, t, { op: "inspect", all: true })).result).rules).length === f.rules.length,
        `inspect {all: true} lists all ${f.rules.length} rules`,
      );
      const trees = items(obj((await answer(target, t, { op: "analyze", all: true })).result).conditionTrees);
      expect(
        trees.length > 1 &&
          trees.every((x, k) => k === 0 || Number(trees[k - 1]!.conditions) >= Number(x.conditions)) &&
          trees[0]!.conditions === f.rules[last].conditions.length,
        "analyze's condition trees must be ranked by condition count, largest first",
        trees.map((x) => [x.ruleAddress, x.conditions]),
      );
    } finally {
      target.restoreFixture();
    }
  },
};
