// Regenerates one real pair from a local clone of its source repository:
//   node test/review/real-pairs/tools/trim.mjs <clone> <pair-id>
// Reads the pair's source (path, commits, operations) from pairs.json, keeps of each version only
// `openapi`, `info`, `jsonSchemaDialect`, root `security`, the listed operations (with their path
// item's shared fields) and the components they reach through `$ref` (plus the security schemes
// they name); an operation marked "!noresponses" keeps only its response statuses and
// descriptions. Then `description`/`summary`/`example(s)`/`externalDocs` and vendor code-sample
// extensions that are equal at the same place in both versions are dropped (they cannot change a
// verdict). YAML sources are written as JSON.
import { execFileSync } from "node:child_process";
import { readFileSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import YAML from "yaml";

const here = dirname(dirname(fileURLToPath(import.meta.url)));
const [clone, id] = process.argv.slice(2);
const pair = JSON.parse(readFileSync(join(here, "pairs.json"), "utf8")).pairs.find((p) => p.id === id);
if (!clone || !pair) throw new Error("usage: trim.mjs <clone> <pair-id>");
const show = (commit) => {
  const text = execFileSync("git", ["-C", clone, "show", `${commit}:${pair.source.path}`], {
    maxBuffer: 1 << 30,
  }).toString("utf8");
  return pair.source.path.endsWith(".json") ? JSON.parse(text) : YAML.parse(text, { maxAliasCount: -1 });
};
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
function refsIn(node, out = new Set()) {
  if (Array.isArray(node)) {
    for (const v of node) refsIn(v, out);
    return out;
  }
  if (node && typeof node === "object")
    for (const [k, v] of Object.entries(node)) {
      if (k === "$ref" && typeof v === "string") out.add(v);
      else refsIn(v, out);
    }
  return out;
}
const unesc = (t) => t.replace(/~1/g, "/").replace(/~0/g, "~");
/** components entries (section/name) reached from a node, transitively */
function closure(doc, node) {
  const seen = new Set();
  const queue = [...refsIn(node)];
  while (queue.length) {
    const r = queue.pop();
    const m = /^#\/components\/([^/]+)\/([^/]+)/.exec(r);
    if (!m) continue;
    const key = `${m[1]}/${unesc(m[2])}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const v = doc.components?.[m[1]]?.[unesc(m[2])];
    if (v !== undefined) queue.push(...refsIn(v));
  }
  return seen;
}
function ops(doc) {
  const out = [];
  for (const [p, item] of Object.entries(doc.paths ?? {}))
    for (const m of METHODS) if (item?.[m]) out.push({ kind: "paths", path: p, method: m });
  for (const [p, item] of Object.entries(doc.webhooks ?? {}))
    for (const m of METHODS) if (item?.[m]) out.push({ kind: "webhooks", path: p, method: m });
  return out;
}
function opNode(doc, o) {
  const item = doc[o.kind]?.[o.path];
  if (!item?.[o.method]) return undefined;
  return { op: item[o.method], shared: item.parameters };
}
/** the document cut to some operations and the components they reach */
function trim(doc, list) {
  const out = {};
  for (const k of ["openapi", "info", "jsonSchemaDialect"]) if (doc[k] !== undefined) out[k] = doc[k];
  if (doc.security !== undefined) out.security = doc.security;
  const reached = new Set();
  for (const o of list) {
    const item = doc[o.kind]?.[o.path];
    if (!item?.[o.method]) continue;
    out[o.kind] ??= {};
    const kept = (out[o.kind][o.path] ??= {});
    for (const [k, v] of Object.entries(item)) if (!METHODS.includes(k)) kept[k] = v;
    kept[o.method] = item[o.method];
    for (const c of closure(doc, { i: item[o.method], p: item.parameters })) reached.add(c);
  }
  const schemes = new Set();
  const secs = [doc.security, ...list.map((o) => doc[o.kind]?.[o.path]?.[o.method]?.security)]
    .filter(Array.isArray)
    .flat();
  for (const s of secs) for (const k of Object.keys(s ?? {})) schemes.add(k);
  for (const s of schemes) if (doc.components?.securitySchemes?.[s]) reached.add(`securitySchemes/${s}`);
  if (reached.size) {
    out.components = {};
    for (const sec of Object.keys(doc.components ?? {})) {
      const names = Object.keys(doc.components[sec] ?? {}).filter((n) => reached.has(`${sec}/${n}`));
      if (names.length) out.components[sec] = Object.fromEntries(names.map((n) => [n, doc.components[sec][n]]));
    }
  }
  return out;
}
const eq = (a, b) => JSON.stringify(a) === JSON.stringify(b);

const list = pair.source.operations.map((s) => {
  const bare = s.endsWith(" !noresponses");
  const [kind, method, ...p] = s.replace(/ !noresponses$/, "").split(" ");
  return { kind, method, path: p.join(" "), bare };
});
const cutResponses = (doc) => {
  for (const o of list) {
    const op = o.bare ? doc[o.kind]?.[o.path]?.[o.method] : undefined;
    if (op?.responses)
      op.responses = Object.fromEntries(
        Object.entries(op.responses).map(([k, r]) => [k, { description: r.description ?? "" }]),
      );
  }
  return doc;
};
const a = trim(cutResponses(show(pair.source.old)), list);
const b = trim(cutResponses(show(pair.source.new)), list);
const NAMES = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "schemas",
  "parameters",
  "responses",
  "headers",
  "content",
  "paths",
  "webhooks",
  "requestBodies",
  "securitySchemes",
  "examples",
  "links",
  "callbacks",
  "mapping",
  "encoding",
  "dependentSchemas",
  "components",
  "variables",
]);
const ANN = new Set([
  "description",
  "summary",
  "example",
  "examples",
  "x-codeSamples",
  "x-code-samples",
  "x-box-tag",
  "x-stainless-snippets",
  "x-oaiMeta",
  "x-discord-docs",
  "externalDocs",
]);
function prune(x, y, parentKey) {
  if (!x || typeof x !== "object" || !y || typeof y !== "object") return;
  if (Array.isArray(x) || Array.isArray(y)) {
    if (Array.isArray(x) && Array.isArray(y)) x.forEach((v, i) => prune(v, y[i], "#"));
    return;
  }
  const nameMap = NAMES.has(parentKey);
  for (const k of Object.keys(x)) {
    if (!nameMap && ANN.has(k) && k in y && JSON.stringify(x[k]) === JSON.stringify(y[k])) {
      delete x[k];
      delete y[k];
      continue;
    }
    if (k in y) prune(x[k], y[k], nameMap ? "#name" : k);
  }
}
prune(a, b, "");
const out = join(here, id);
mkdirSync(out, { recursive: true });
writeFileSync(join(out, "old.json"), JSON.stringify(a, null, 1) + "\n");
writeFileSync(join(out, "new.json"), JSON.stringify(b, null, 1) + "\n");
