/**
 * Transport-neutral checks: negotiation, result schemas, the error model, forward compatibility,
 * removed vocabulary, cross-transport equality, determinism and selection arithmetic.
 */
import fc from "fast-check";
import { validateCapabilitiesResult, validateToolResponse } from "../../src/generated/wright-agent/validators.js";
import { describeErrors } from "../../src/json/index.js";
import { AGENT_CONTRACT, OPERATION_NAMES, operationEntry, RESULT_CONTRACT } from "../../src/wright-agent/contract.js";
import { expect, fail, property, SkipCheck } from "../harness/check.js";
import { projectFacts, samples } from "./samples.js";
import { comparable, describe, TRANSPORTS, type Outcome } from "./target.js";
import {
  expectProtocolError,
  VALIDATION_AS_RESULT_SINCE,
  expectRefusal,
  expectResult,
  list,
  obj,
  perTransport,
  sameJson,
  onlyOver,
  type WrightAgentCheck,
} from "./util.js";

export const capabilitiesFirst: WrightAgentCheck = {
  id: "wright-agent/capabilities-first",
  title: "capabilities negotiates first: wright-agent/v1, wright-result/v1, a consistent operation list",
  doc: "Every stdio and JSON-RPC session starts with capabilities (the suite sends it first and sends only what it advertises). Its result validates against CapabilitiesResult, names agent_contract wright-agent/v1 and contract wright-result/v1, advertises only operations of the contract (capabilities among them, no duplicates) with a result_schemas entry each, and is identical on both transports. Over MCP, initialize answers a tools capability.",
  async run(target, ctx) {
    const seen: unknown[] = [];
    await perTransport(target, ["stdio", "jsonrpc"], ctx, async (t) => {
      const caps = expectResult(await target.call(t, { op: "capabilities" }), "capabilities");
      if (!validateCapabilitiesResult(caps))
        fail(`capabilities does not validate: ${describeErrors(validateCapabilitiesResult.errors).join("; ")}`, caps);
      expect(
        caps.agent_contract === AGENT_CONTRACT,
        `agent_contract is ${JSON.stringify(caps.agent_contract)}, not ${AGENT_CONTRACT}`,
      );
      expect(caps.contract === RESULT_CONTRACT, `contract is ${JSON.stringify(caps.contract)}, not ${RESULT_CONTRACT}`);
      const ops = caps.operations;
      expect(ops.includes("capabilities"), "operations does not list capabilities", ops);
      expect(new Set(ops).size === ops.length, "operations lists an operation twice", ops);
      const unknown = ops.filter((op) => !(OPERATION_NAMES as readonly string[]).includes(op));
      expect(
        unknown.length === 0,
        `operations lists operations wright-agent/v1 does not define: ${unknown.join(", ")}`,
      );
      const schemas = obj(caps.result_schemas);
      const missing = ops.filter((op) => typeof schemas[op] !== "string");
      expect(missing.length === 0, `result_schemas has no entry for ${missing.join(", ")}`);
      seen.push(caps);
    });
    if (seen.length === 2) expect(sameJson(seen[0], seen[1]), "capabilities differs between stdio and JSON-RPC", seen);
    await perTransport(target, ["mcp"], ctx, async () => {
      const mcp = await target.mcp();
      expect(
        mcp.serverCapabilities?.tools !== undefined,
        "initialize does not announce the tools capability",
        mcp.serverCapabilities,
      );
    });
  },
};

function checkSampleOutcome(op: string, o: Outcome, required: boolean): void {
  if (o.kind === "protocol-error")
    fail(`${op}: a valid request was answered with JSON-RPC error ${o.code} (${o.message})`);
  if (o.kind === "refusal") {
    if (!validateToolResponse({ error: o.error })) fail(`${op}: refusal is not {code, message}`, o.error);
    if (required) fail(`${op}: refused (${o.error.code}: ${o.error.message}) although the project loads`);
    return;
  }
  const validate = operationEntry(op)!.validateResult;
  if (!validate(o.value))
    fail(
      `${op}: result violates ${operationEntry(op)!.result}: ${describeErrors(validate.errors).slice(0, 5).join("; ")}`,
      o.value,
    );
}

export const resultsValidate: WrightAgentCheck = {
  id: "wright-agent/results-validate",
  title: "every result validates against its operation's result schema, on every transport",
  doc: "Sends one ordinary request per advertised operation (built from the target's own rules, symbols and identity) over each transport that reaches it (MCP: operations with a listed tool). A result must validate against the operation's <Op>Result definition; a refusal must be {code, message}; requests a loadable project must answer (project, rules, symbols, findings, lint, check...) must not be refused; no valid request may become a protocol error.",
  async run(target, ctx) {
    await perTransport(target, TRANSPORTS, ctx, async (t) => {
      const reachable = await target.reachable(t);
      const facts = await projectFacts(target, t === "mcp" ? (target.transports.find((x) => x !== "mcp") ?? "mcp") : t);
      for (const s of samples(reachable, facts)) {
        const required = s.result === "always" || (s.result === "loaded" && facts.loaded);
        checkSampleOutcome(s.op, await target.call(t, s.request), required);
      }
    });
  },
};

export const errorModel: WrightAgentCheck = {
  id: "wright-agent/error-model",
  title: "the error model: {result} xor {error: {code, message}}; malformed requests and out-of-domain values",
  doc: 'An unknown operation and a request without op are malformed-request refusals (JSON-RPC may also answer -32602); a missing required field is malformed-request (MCP: malformed arguments — -32602 when the session negotiated a version before 2025-11-25, an isError malformed-request result from 2025-11-25, SEP-1303); a selection value outside its domain (symbols kind "local") is invalid-selection on every transport. On stdio, a line that is not JSON, and JSON that is not an object, get a malformed-request response and the session goes on.',
  async run(target, ctx) {
    await perTransport(target, ["stdio", "jsonrpc"], ctx, async (t) => {
      for (const request of [
        { op: "noSuchOperation" },
        {} as { op: string },
        { op: 42 } as unknown as { op: string },
      ]) {
        const o = await target.call(t, request);
        if (t === "jsonrpc" && o.kind === "protocol-error")
          expectProtocolError(o, -32602, `request ${JSON.stringify(request)}`);
        else expectRefusal(o, "malformed-request", `request ${JSON.stringify(request)}`);
      }
    });
    await perTransport(target, TRANSPORTS, ctx, async (t) => {
      const reachable = await target.reachable(t);
      if (reachable.includes("usage")) {
        const o = await target.call(t, { op: "usage" });
        // MCP: malformed arguments, answered as the shared session's negotiated version requires (mcp-argument-errors covers every version).
        const negotiated = t === "mcp" ? String((await target.mcp()).protocolVersion) : "";
        if (t === "mcp" && negotiated < VALIDATION_AS_RESULT_SINCE)
          expectProtocolError(o, -32602, `wright_usage without its required symbol (negotiated ${negotiated})`);
        else if (t === "jsonrpc" && o.kind === "protocol-error") expectProtocolError(o, -32602, "usage without symbol");
        else expectRefusal(o, "malformed-request", "usage without its required symbol");
      }
      if (reachable.includes("symbols"))
        expectRefusal(
          await target.call(t, { op: "symbols", kind: "local" }),
          "invalid-selection",
          'symbols {kind: "local"}',
        );
    });
    await perTransport(target, ["stdio"], ctx, async () => {
      const stdio = await target.stdio();
      for (const line of ["this is not json", "[1,2]", "42", '"op"', "null", '{"op":"capabilities"']) {
        const reply = await stdio.exchange(line);
        let response: unknown;
        try {
          response = JSON.parse(reply);
        } catch {
          fail(`the reply to ${JSON.stringify(line)} is not JSON: ${reply.slice(0, 200)}`);
        }
        if (!validateToolResponse(response) || !("error" in response) || response.error.code !== "malformed-request")
          fail(
            `line ${JSON.stringify(line)}: expected {"error":{"code":"malformed-request",...}}, got ${reply.slice(0, 300)}`,
          );
      }
      expectResult(
        await target.call("stdio", { op: "capabilities" }),
        "capabilities after malformed lines (the session must go on)",
      );
    });
  },
};

export const unknownFieldsIgnored: WrightAgentCheck = {
  id: "wright-agent/unknown-fields-ignored",
  title: "unknown request fields are ignored (forward compatibility), on every transport",
  doc: "A request carrying a field its schema does not define answers exactly like the same request without it: capabilities and symbols {max: 2} on stdio and JSON-RPC, wright_symbols on MCP (an unknown argument is not a malformed argument).",
  async run(target, ctx) {
    const extra = { zzFutureField: { nested: [1, "two"] }, anotherNewField: true };
    await perTransport(target, TRANSPORTS, ctx, async (t) => {
      const reachable = await target.reachable(t);
      for (const base of [{ op: "capabilities" }, { op: "symbols", max: 2 }, { op: "findings", max: 1 }]) {
        if (!reachable.includes(base.op)) continue;
        const plain = await target.call(t, base);
        const withExtra = await target.call(t, { ...base, ...extra });
        if (!sameJson(comparable(plain), comparable(withExtra)))
          fail(`${base.op} with unknown fields answered differently: ${describe(withExtra)} vs ${describe(plain)}`);
      }
    });
  },
};

export const removedVocabulary: WrightAgentCheck = {
  id: "wright-agent/removed-vocabulary",
  title: "a rules request carrying the removed name field is refused as malformed-request on every transport",
  doc: "ADR-0035 removed rules.name; unlike other unknown fields it must never be silently ignored. stdio and JSON-RPC answer a malformed-request refusal (JSON-RPC: inside the result); MCP answers an isError result with code malformed-request (or, as malformed arguments, JSON-RPC -32602) — never a rules result.",
  async run(target, ctx) {
    await perTransport(target, TRANSPORTS, ctx, async (t) => {
      if (!(await target.reachable(t)).includes("rules")) return ctx.log(`[${t}] rules not reachable`);
      for (const name of ["Init", "anything"]) {
        const o = await target.call(t, { op: "rules", name });
        if (t === "mcp" && o.kind === "protocol-error")
          expectProtocolError(o, -32602, `wright_rules {name: ${JSON.stringify(name)}}`);
        else expectRefusal(o, "malformed-request", `rules {name: ${JSON.stringify(name)}}`);
      }
    });
  },
};

export const crossTransport: WrightAgentCheck = {
  id: "wright-agent/cross-transport",
  title: "the same request gives the same result on stdio, JSON-RPC and MCP",
  doc: "Every sample request (and a few refusals) is sent over each transport that reaches its operation; results must be equal (snapshot generations, which are per session, normalised) and refusals must carry the same code.",
  async run(target, ctx) {
    const ts = target.transports;
    if (ts.length < 2) throw new SkipCheck("compares transports; this run exercises one");
    const base = ts.find((t) => t !== "mcp") ?? ts[0]!;
    const facts = await projectFacts(target, base);
    const reach = new Map(await Promise.all(ts.map(async (t) => [t, await target.reachable(t)] as const)));
    const requests = [
      ...samples(reach.get(base)!, facts).map((s) => s.request),
      { op: "cfg", rule: "\u0001no such rule" },
      { op: "usage", symbol: "globalVariable:\u0001noSuchSymbol" },
      { op: "findings", severity: "warning", max: 2 },
    ];
    for (const request of requests) {
      const answers: [string, unknown][] = [];
      for (const t of ts)
        if (reach.get(t)!.includes(request.op)) answers.push([t, comparable(await target.call(t, request))]);
      for (const [t, a] of answers.slice(1)) {
        if (!sameJson(a, answers[0]![1]))
          fail(
            `${JSON.stringify(request)}: ${t} answered ${JSON.stringify(a).slice(0, 300)} but ${answers[0]![0]} ${JSON.stringify(answers[0]![1]).slice(0, 300)}`,
          );
      }
    }
  },
};

export const determinism: WrightAgentCheck = {
  id: "wright-agent/determinism",
  title: "identical requests give identical bytes",
  doc: "JSON is compact and deterministic: each sample request sent twice on one stdio session yields byte-identical response lines (no timestamps, no unordered maps); over MCP, tools/list twice yields the same tools.",
  async run(target, ctx) {
    onlyOver(target, ["stdio", "mcp"]);
    await perTransport(target, ["stdio"], ctx, async () => {
      const stdio = await target.stdio();
      const facts = await projectFacts(target, "stdio");
      for (const s of samples(await target.advertised(), facts)) {
        const line = JSON.stringify(s.request);
        const a = await stdio.exchange(line);
        const b = await stdio.exchange(line);
        if (a !== b)
          fail(`${s.op}: two identical requests gave different bytes`, {
            first: a.slice(0, 300),
            second: b.slice(0, 300),
          });
      }
    });
    await perTransport(target, ["mcp"], ctx, async () => {
      const mcp = await target.mcp();
      const a = await mcp.listTools();
      const b = await mcp.listTools();
      expect(sameJson(a, b), "tools/list answered differently twice");
    });
  },
};

const SEVERITY_RANK: Record<string, number> = { error: 0, warning: 1, info: 2 };

export const selectionArithmetic: WrightAgentCheck = {
  id: "wright-agent/selection-arithmetic",
  title: "finding selection: filters first, max after; selection {total, withheld, byCode} adds up",
  doc: "Property over severity thresholds and max bounds on findings (any project): the selected findings meet the threshold, there are at most max of them, selection.total is the unselected set's size, byCode counts the filtered set per code (before max, so its sum is the filtered count) and withheld is what max dropped.",
  async run(target, ctx) {
    const via = target.transports.find((t) => t !== "mcp") ?? target.transports[0]!;
    if (!(await target.reachable(via)).includes("findings")) return ctx.log("findings not advertised");
    const all = await target.call(via, { op: "findings", all: true });
    if (all.kind !== "result") return ctx.log(`findings refused (${describe(all)}); project does not load`);
    const everything = list(obj(all.value).findings).map(obj);
    const N = everything.length;
    await property(
      ctx,
      12,
      fc.constantFrom(undefined, "error", "warning", "info"),
      fc.option(fc.integer({ min: 0, max: N + 2 }), { nil: undefined }),
      async (severity, max) => {
        const request: { op: string } & Record<string, unknown> = { op: "findings" };
        if (severity !== undefined) request.severity = severity;
        if (max !== undefined) request.max = max;
        if (severity === undefined && max === undefined) return;
        const r = obj(expectResult(await target.call(via, request), JSON.stringify(request)));
        const shown = list(r.findings).map(obj);
        const sel = obj(r.selection);
        const filtered = everything.filter(
          (f) => severity === undefined || (SEVERITY_RANK[String(f.severity)] ?? 9) <= SEVERITY_RANK[severity]!,
        );
        const byCode = obj(sel.byCode);
        const byCodeSum = Object.values(byCode).reduce<number>((a, b) => a + Number(b), 0);
        expect(
          typeof sel.total === "number" && typeof sel.withheld === "number",
          `${JSON.stringify(request)}: selection {total, withheld, byCode} missing`,
          r,
        );
        expect(
          sel.total === N,
          `${JSON.stringify(request)}: selection.total ${String(sel.total)} is not the unselected count ${N}`,
        );
        expect(
          shown.every(
            (f) => severity === undefined || (SEVERITY_RANK[String(f.severity)] ?? 9) <= SEVERITY_RANK[severity]!,
          ),
          `${JSON.stringify(request)}: a finding below the threshold was selected`,
        );
        expect(
          byCodeSum === filtered.length,
          `${JSON.stringify(request)}: byCode sums to ${byCodeSum}, the filtered set has ${filtered.length}`,
          byCode,
        );
        if (max !== undefined)
          expect(shown.length <= max, `${JSON.stringify(request)}: ${shown.length} findings exceed max`);
        if (max !== undefined)
          expect(
            sel.withheld === filtered.length - shown.length,
            `${JSON.stringify(request)}: withheld ${String(sel.withheld)} != ${filtered.length} filtered - ${shown.length} shown`,
          );
        if (max !== undefined)
          expect(
            shown.length === Math.min(max, filtered.length),
            `${JSON.stringify(request)}: shows ${shown.length}, expected min(max, filtered) = ${Math.min(max, filtered.length)}`,
          );
        return true;
      },
    );
  },
};

export const stdioGarbage: WrightAgentCheck = {
  id: "wright-agent/stdio-garbage",
  title: "stdio survives garbage: every line gets exactly one ToolResponse, malformed-request for non-requests",
  doc: "Property: random text lines and random JSON values sent to the stdio session each get one response line that is a valid ToolResponse; anything that is not an object with an advertised op is a malformed-request refusal. Afterwards capabilities still answers.",
  async run(target, ctx) {
    onlyOver(target, ["stdio"]);
    await perTransport(target, ["stdio"], ctx, async () => {
      const stdio = await target.stdio();
      const advertised = new Set(await target.advertised());
      const line = fc.oneof(
        fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !/[\n\r]/.test(s) && s.trim() !== ""),
        fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
        fc
          .record({ op: fc.oneof(fc.string({ maxLength: 12 }), fc.integer()), extra: fc.jsonValue({ maxDepth: 2 }) })
          .map((v) => JSON.stringify(v)),
      );
      await property(ctx, 40, line, async (l) => {
        const reply = await stdio.exchange(l);
        const response = JSON.parse(reply) as unknown;
        expect(validateToolResponse(response), `not a ToolResponse: ${reply.slice(0, 200)}`);
        let value: unknown;
        try {
          value = JSON.parse(l);
        } catch {
          value = undefined;
        }
        const op = obj(value).op;
        const isRequest =
          typeof op === "string" &&
          advertised.has(op) &&
          value !== null &&
          typeof value === "object" &&
          !Array.isArray(value);
        if (!isRequest)
          expect(
            "error" in (response as object) &&
              (response as { error: { code: string } }).error.code === "malformed-request",
            `expected malformed-request for ${l.slice(0, 100)}, got ${reply.slice(0, 200)}`,
          );
        return true;
      });
      expectResult(await target.call("stdio", { op: "capabilities" }), "capabilities after the garbage");
    });
  },
};

export const coreChecks = [
  capabilitiesFirst,
  resultsValidate,
  errorModel,
  unknownFieldsIgnored,
  removedVocabulary,
  crossTransport,
  determinism,
  selectionArithmetic,
  stdioGarbage,
];
