/**
 * The house's import rules (docs/decisions/113-import-rules.md), checked in `npm test` by
 * test/architecture/import-rules.test.ts. Data flows one way:
 * contracts -> codegen -> src/generated -> implementations -> conformance; the CLI wires them.
 */
/** Code a client package ships (what its entry can reach); never the daemon, codegen or review. */
const DAEMON_SIDE = "^(src/wit/(daemon|store|analysis|hook)|src/review|src/check|src/cli|codegen|conformance|scripts)/";
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: "no-circular", severity: "error", comment: "No import cycles.", from: {}, to: { circular: true } },
    {
      name: "generated-imports-runtime-only",
      severity: "error",
      comment: "Generated code imports only its own folder and the runtime it names (src/json, src/rpc client/types/errors, src/http) and ajv.",
      from: { path: "^src/generated/" },
      to: { pathNot: ["^src/generated/", "^src/json/", "^src/rpc/(client|types|errors)\\.ts$", "^src/http/", "^node_modules/(ajv|ajv-formats)/"] },
    },
    {
      name: "client-packages-stay-client-side",
      severity: "error",
      comment: "A client package's entry never reaches the daemon, codegen, review, the CLI or a native module.",
      from: { path: "^src/entry/" },
      to: { reachable: true, path: [DAEMON_SIDE, "^node_modules/(better-sqlite3|web-tree-sitter|@vscode/tree-sitter-wasm|quicktype-core|json-schema-to-typescript|fast-check)/"] },
    },
    {
      name: "frame-wire-entry-browser-safe",
      severity: "error",
      comment: "The browser entry reaches no Node built-in (its package also compiles without @types/node).",
      from: { path: "^src/(entry/(frame-wire|runtime)\\.ts$|frame-wire/(fold|sse|codes|gap|json-adopt|pointer-fast|types)\\.ts$|json/|http/)" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "library-never-imports-cli",
      severity: "error",
      comment: "The CLI is thin wiring on top; nothing below it imports it.",
      from: { path: "^(src|codegen|conformance)/", pathNot: "^src/cli/" },
      to: { path: "^src/cli/" },
    },
    {
      name: "codegen-below-review-and-conformance",
      severity: "error",
      comment: "codegen builds from contracts only: it never imports review, conformance or implementations.",
      from: { path: "^codegen/" },
      to: { path: ["^src/(review|check|cli|wit|wright-agent|frame-wire)/", "^conformance/"] },
    },
    {
      name: "review-below-codegen",
      severity: "error",
      comment: "Review code never imports codegen: what both need (the bundler, names) lives below both in src/schema.",
      from: { path: "^src/review/" },
      to: { path: "^codegen/" },
    },
    {
      name: "contracts-never-import-each-other",
      severity: "error",
      comment: "One contract's reference implementation (frame-wire, wit, wright-agent) never imports another's, nor another's generated code: what two share lives below them (src/io, src/json, src/rpc, src/schema).",
      from: { path: "^src/(frame-wire|wit|wright-agent)/" },
      to: { path: "^src/(generated/)?(frame-wire|wit|wright-agent)/", pathNot: ["^src/$1/", "^src/generated/$1/"] },
    },
    {
      name: "io-and-json-below-everything",
      severity: "error",
      comment: "src/io (capped readers, HTTP setup) and src/json (values, pointers, parsing) are the ground floor: they import only each other, Node and npm packages.",
      from: { path: "^src/(io|json)/" },
      to: { path: "^(src|codegen|conformance)/", pathNot: "^src/(io|json)/" },
    },
    {
      name: "wit-daemon-never-imports-its-client",
      severity: "error",
      comment: "The daemon and its store serve the protocol; the client (src/wit/client) talks to them over the socket. What both need (paths, the .wit directory) lives beside both in src/wit.",
      from: { path: "^src/wit/(daemon|store|analysis)/" },
      to: { path: "^src/wit/client/" },
    },
    {
      name: "json-rpc-over-http-through-one-handler",
      severity: "error",
      comment: "The JSON-RPC-over-HTTP servers (the Wit daemon, the runtime's server) answer through the one handler (src/rpc/http-handler.ts: path, method, content type, capped body, engine), never reading request bodies themselves (decision 322).",
      from: { path: "^src/(wit/daemon/|rpc/node-server\\.ts$)" },
      to: { path: "^src/io/body\\.ts$" },
    },
    {
      name: "implementations-never-import-conformance",
      severity: "error",
      comment: "Reference implementations do not know the checks that test them.",
      from: { path: "^src/(frame-wire|wit|wright-agent|rpc|json|http|generated)/" },
      to: { path: "^conformance/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(packages/|test/|node_modules/)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"], extensions: [".ts", ".js", ".d.ts"] },
    moduleSystems: ["es6", "cjs"],
  },
};
