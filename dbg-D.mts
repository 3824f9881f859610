import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { createMockService } from "/work/wt/D/src/wright-agent/mock/index.js";
const base = JSON.parse(readFileSync("/work/wt/D/src/wright-agent/fixtures/default-project.json", "utf8"));
const f = structuredClone(base);
const variant = process.argv[2];
if (variant === "nullref") { const call = f.references.find((r: any) => r.kind === "call" && r.rule !== null); f.references.push({ ...call, rule: null, action: null }); }
if (variant === "text") { f.rules[1].actions[0].text = "Destroy HUD Text(Global.hudIds)"; }
if (variant === "objnull") { f.persistentObjects.push({ kind: "icon", storedIn: null, rule: null, destroyed: false, span: f.rules[1].actions[0].span }); }
if (variant === "namespan") { f.persistentObjects.push({ kind: "icon", storedIn: null, rule: 1, destroyed: false, span: f.rules[1].nameSpan }); }
const dir = mkdtempSync(join(tmpdir(), "dbg-"));
writeFileSync(join(dir, "f.json"), JSON.stringify(f));
for (const s of f.sources) { /* sources inline */ }
const m = createMockService({ fixturePath: join(dir, "f.json"), cwd: dir });
console.log(JSON.stringify(await m.handle({ op: "symbols", max: 0 })).slice(0, 600));
