#!/usr/bin/env node
/**
 * `node scripts/corpus/share.mjs <in.json> <out.json> <share> [<share-of>]`: an OpenAPI document
 * cut to a share of its paths and the components they reach (transitively, through `$ref`s into
 * `#/components/...`). A path is kept when a hash of its name, modulo `<share-of>`, is below
 * `<share>`, so the old and new versions of a document keep the same paths and the 1/8, 2/8, 4/8
 * cuts nest: a 1x/2x/4x family of real data for growth measurements.
 */
import { readFileSync, writeFileSync } from "node:fs";

const [input, output, shareArg, ofArg] = process.argv.slice(2);
if (!input || !output || !shareArg) {
  process.stderr.write("usage: share.mjs <in.json> <out.json> <share> [<share-of> (default 8)]\n");
  process.exit(2);
}
const share = Number(shareArg);
const of = Number(ofArg ?? 8);
const doc = JSON.parse(readFileSync(input, "utf8"));
const paths = Object.keys(doc.paths ?? {}).sort();
const kept = {};
/** FNV-1a over the path's UTF-16 code units: stable across versions and runs. */
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
for (const p of paths) if (hash(p) % of < share) kept[p] = doc.paths[p];

// Components reached from the kept paths, transitively.
const reached = new Set();
const queue = [kept];
const refPrefix = "#/components/";
while (queue.length) {
  const node = queue.pop();
  if (Array.isArray(node)) {
    for (const x of node) queue.push(x);
    continue;
  }
  if (node === null || typeof node !== "object") continue;
  for (const [k, v] of Object.entries(node)) {
    if (k === "$ref" && typeof v === "string" && v.startsWith(refPrefix)) {
      const [section, name] = v.slice(refPrefix.length).split("/");
      const key = `${section}/${name}`;
      if (!reached.has(key) && doc.components?.[section]?.[name] !== undefined) {
        reached.add(key);
        queue.push(doc.components[section][name]);
      }
    } else queue.push(v);
  }
}
const components = {};
for (const [section, members] of Object.entries(doc.components ?? {})) {
  if (section === "securitySchemes") {
    components[section] = members;
    continue;
  }
  const keep = Object.fromEntries(Object.entries(members).filter(([name]) => reached.has(`${section}/${name}`)));
  if (Object.keys(keep).length) components[section] = keep;
}
writeFileSync(output, JSON.stringify({ ...doc, paths: kept, components }, null, 2));
process.stderr.write(`${output}: ${Object.keys(kept).length} of ${paths.length} paths, ${reached.size} components\n`);
