/**
 * @open-rpc/test-coverage (a generic OpenRPC tool, a pinned devDependency: decision 331) against a real
 * Wit daemon, the way its CLI runs: the document from `rpc.discover`, every method called and each
 * result judged by the tool's own rule. Three things are ours, because the tool cannot supply them:
 * the transport (HTTP over the daemon's Unix socket, with the document's `x-envelope`), the params
 * (the Wit methods have no examples; they come from our schema arbitraries, conformance/openrpc,
 * seeded) and the dereferencing (the tool's schema-utils 1.x refuses OpenRPC 1.4.0). The score is
 * pinned: which methods pass, and for each failing call the reason, every one the tool's own.
 */
import { createRequire } from "node:module";
import { parseOpenRPCDocument } from "@open-rpc/schema-utils-js";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paramsArbitrary, type OpenRpcDocument } from "../../conformance/openrpc/schema-arbitrary.js";
import {
  type DaemonProcess,
  rawRequest,
  removeTempRoots,
  SOURCES,
  spawnDaemon,
  tempRoot,
  writeFiles,
} from "./daemon-helpers.js";

const require = createRequire(import.meta.url);
// The tool is CommonJS; its rule and its schema-utils are required from its own folder.
const toolRequire = createRequire(require.resolve("@open-rpc/test-coverage"));
const coverage = (toolRequire("./index.js") as { default: (o: object) => Promise<Call[]> }).default;
const JsonSchemaFakerRule = (
  toolRequire("./rules/json-schema-faker-rule.js") as {
    default: new () => { validateCall(call: Call): Call };
  }
).default;
// The CLI's own dereferencing (bin/cli.js: parseOpenRPCDocument from the tool's schema-utils-js 1.x).
const toolParse = (
  toolRequire("@open-rpc/schema-utils-js") as {
    parseOpenRPCDocument(doc: object): Promise<object>;
  }
).parseOpenRPCDocument;

interface Call {
  title: string;
  methodName: string;
  params: unknown;
  url: string;
  resultSchema: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
  valid?: boolean;
  reason?: string;
  requestError?: unknown;
}

const CALLS_PER_METHOD = 10;

/** Per method: calls passed, and failed calls by the tool's issue that failed them. */
const PINNED = {
  ping: { pass: 1 },
  register: { pass: 10 },
  "intent.query": { pass: 10 },
  "contract.query": { pass: 10 },
  "check-contracts": { pass: 10 },
  // The tool's Ajv throws on `format: date-time` (LockRecord) and on `discriminator` (ConflictReport).
  "lock.acquire": { "Ajv strict mode": 10 },
  "lock.query": { "Ajv strict mode": 10 },
  "intent.declare": { "Ajv strict mode": 10 },
  // Random ids name nothing: the declared NOT_FOUND errors, which the tool counts as failures.
  "lock.release": { "declared error": 10 },
  "intent.update": { "declared error": 10 },
  "contract.propose": { "declared error": 10 },
  "contract.respond": { "declared error": 10 },
  "contract.retire": { "declared error": 10 },
};

let daemon: DaemonProcess;
let discovered: OpenRpcDocument & {
  openrpc: string;
  servers?: { url: string }[];
  methods: (OpenRpcDocument["methods"][number] & { errors?: { code: number; message: string }[] })[];
};
const resultValidator = addFormats.default(new Ajv2020({ strict: false }));

beforeAll(async () => {
  const root = tempRoot("wit-coverage-");
  writeFiles(root, SOURCES);
  daemon = await spawnDaemon(root);
  // What a generic client sends: no witVersion (decision 267).
  const reply = await rawRequest(daemon.socket, {
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 0, method: "rpc.discover" }),
  });
  discovered = (JSON.parse(reply.body) as { result: typeof discovered }).result;
}, 90_000);

afterAll(async () => {
  await daemon?.stop();
  removeTempRoots();
});

/** The tool's faker rule, with params from our arbitraries instead of json-schema-faker. */
class ArbitraryParamsRule extends JsonSchemaFakerRule {
  getTitle() {
    return "params from the schema arbitraries, results checked by the tool's rule";
  }
  getCalls(_doc: object, method: { name: string; result: { schema: unknown } }): Call[] {
    const index = discovered.methods.findIndex((x) => x.name === method.name);
    const m = discovered.methods[index]!;
    const n = m.params.length === 0 ? 1 : CALLS_PER_METHOD;
    // A seed per method: one seed for all would give lock.release the paths lock.acquire took, and
    // its answers would then depend on the random TTLs running out.
    return fc.sample(paramsArbitrary(m, discovered), { seed: 33 + index, numRuns: n }).map((params, i) => ({
      title: `${this.getTitle()}[${i}]`,
      methodName: method.name,
      params,
      url: discovered.servers?.[0]?.url ?? "",
      resultSchema: method.result.schema,
    }));
  }
}

async function run(): Promise<Call[]> {
  const envelope = discovered.info?.["x-envelope"] ?? {};
  let id = 0;
  const transport = async (_url: string, method: string, params: unknown) => {
    const reply = await rawRequest(daemon.socket, {
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params, ...envelope }),
    });
    return JSON.parse(reply.body) as unknown;
  };
  return coverage({
    openrpcDocument: await parseOpenRPCDocument(discovered as never),
    transport,
    // The tool's "empty" reporter logs every call; this one is silent.
    reporters: [{ onBegin() {}, onTestBegin() {}, onTestEnd() {}, onEnd() {} }],
    rules: [new ArbitraryParamsRule()],
  });
}

/** Why a call the tool failed is the tool's own issue, or undefined when it is not. */
function toolsOwnIssue(call: Call): string | undefined {
  const method = discovered.methods.find((m) => m.name === call.methodName)!;
  if (call.error) {
    // The faker rule expects a result from every call; it does not read the method's `errors`. A
    // call naming an id that does not exist gets the error the document declares for it.
    const declared = (method.errors ?? []).map((e) => {
      const ref = (e as { $ref?: string }).$ref;
      return ref ? discovered.components!.errors![ref.split("/").pop()!]! : e;
    });
    return declared.some((e) => e.code === call.error!.code && e.message === call.error!.message)
      ? "declared error"
      : undefined;
  }
  // The rule validates with `new Ajv()` (Ajv 7, strict, no formats): it throws on a `format` and on
  // OpenAPI's `discriminator`, both valid JSON Schema annotations here. The result itself is valid:
  // the contract's own schema, compiled without strict mode and with formats, accepts it.
  if (/^(unknown format "[a-z-]+" ignored|strict mode: unknown keyword)/.test(call.reason ?? "")) {
    const schema = { ...(method.result!.schema as object), components: discovered.components };
    return resultValidator.compile(schema)(call.result) ? "Ajv strict mode" : undefined;
  }
  return undefined;
}

describe("@open-rpc/test-coverage against the Wit daemon", () => {
  it("the tool's CLI path refuses the document: its schema-utils 1.x knows OpenRPC up to 1.2.6", async () => {
    expect(discovered.openrpc).toBe("1.4.0");
    await expect(toolParse(discovered)).rejects.toThrow(/should be equal to one of the allowed values/);
  });

  it("scores 41 of 121 calls, every failure the tool's own", async () => {
    const calls = await run();
    const score: Record<string, Record<string, number>> = {};
    const notTheTools: Call[] = [];
    for (const c of calls) {
      const outcome = c.valid ? "pass" : toolsOwnIssue(c);
      if (outcome === undefined) notTheTools.push(c);
      const s = (score[c.methodName] ??= {});
      s[outcome ?? "fail"] = (s[outcome ?? "fail"] ?? 0) + 1;
    }
    expect(notTheTools).toEqual([]);
    expect(score).toEqual(PINNED);
    expect(calls.filter((c) => c.valid).length).toBe(41);
  }, 120_000);
});
