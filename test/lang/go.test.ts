/**
 * Go: generate the packages (standard library only), compile them with a small driver program and
 * round-trip every sample through json.Unmarshal + json.Marshal. `go` comes from Debian's
 * golang-go (installed by .ci/run, or here when missing and we are root).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { execFileSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { generateLanguages } from "../../codegen/lang/generate.js";
import { goPackage } from "../../codegen/lang/targets/go.js";
import {
  ensureDebianTool,
  langRegistry,
  loadSamples,
  normalizeName,
  runDriver,
  type Negative,
  type Sample,
  type SampleSet,
  roundTripFailures,
  VARIANT_BY_TAG,
} from "./support.js";

const missing = ensureDebianTool("go", ["golang-go"]);
if (missing) console.log(`skipping Go: ${missing}`);

/** The driver: one function per (contract, top level) that decodes, re-encodes and names the variant. */
export function goDriverSource(packages: { contract: string; pkg: string; source: string }[]): string {
  const cases: string[] = [];
  for (const p of packages) {
    for (const m of p.source.matchAll(/^func Unmarshal(\w+)\(data \[\]byte\) \((\w+), error\)/gm)) {
      const key = `${p.contract}/${normalizeName(m[1]!)}`;
      cases.push(
        `\t${JSON.stringify(key)}: func(d []byte) (interface{}, error) { v, err := ${p.pkg}.Unmarshal${m[1]}(d); return &v, err },`,
      );
    }
  }
  return `package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"strings"
${packages.map((p) => `\t"roundtrip/gen/${p.pkg}"`).join("\n")}
)

var decoders = map[string]func([]byte) (interface{}, error){
${cases.join("\n")}
}

var nonAlnum = regexp.MustCompile("[^a-z0-9]")

type request struct {
	Contract string          \`json:"contract"\`
	Def      string          \`json:"def"\`
	Value    json.RawMessage \`json:"value"\`
}

func answer(v map[string]interface{}) {
	b, _ := json.Marshal(v)
	fmt.Println(string(b))
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<26)
	for in.Scan() {
		if strings.TrimSpace(in.Text()) == "" {
			continue
		}
		var req request
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			answer(map[string]interface{}{"ok": false, "error": "bad request: " + err.Error()})
			continue
		}
		dec, ok := decoders[req.Contract+"/"+nonAlnum.ReplaceAllString(strings.ToLower(req.Def), "")]
		if !ok {
			answer(map[string]interface{}{"ok": false, "error": "no decoder for " + req.Def})
			continue
		}
		v, err := dec(req.Value)
		if err != nil {
			answer(map[string]interface{}{"ok": false, "error": err.Error()})
			continue
		}
		out, err := json.Marshal(v)
		if err != nil {
			answer(map[string]interface{}{"ok": false, "error": "encode: " + err.Error()})
			continue
		}
		variant := ""
		rv := reflect.ValueOf(v).Elem()
		if rv.Kind() == reflect.Struct {
			if f := rv.FieldByName("Value"); f.IsValid() && !f.IsNil() {
				variant = reflect.TypeOf(f.Interface()).Elem().Name()
			}
		}
		answer(map[string]interface{}{"ok": true, "value": json.RawMessage(out), "variant": variant})
	}
}
`;
}

describe.skipIf(missing !== undefined)("generated Go types", () => {
  let set: SampleSet;
  let binary: string;
  const run = (items: (Sample | Negative)[]) =>
    runDriver(
      binary,
      [],
      items.map((s) => ({ contract: s.contract, def: s.def, value: s.value })),
    );

  beforeAll(async () => {
    const reg = await langRegistry();
    if (reg.note) console.log(`note: ${reg.note}`);
    set = await loadSamples(reg);
    const out = mkdtempSync(join(tmpdir(), "cs-lang-go-"));
    const report = await generateLanguages({ langs: ["go"], outDir: join(out, "generated"), registryDir: reg.dir });
    expect(report.invalid).toEqual([]);
    const mod = join(out, "module");
    const packages = report.files.map((f) => {
      const pkg = goPackage(f.contract);
      mkdirSync(join(mod, "gen", pkg), { recursive: true });
      writeFileSync(join(mod, "gen", pkg, basename(f.path)), f.body);
      return { contract: f.contract, pkg, source: f.body };
    });
    writeFileSync(join(mod, "go.mod"), "module roundtrip\n\ngo 1.19\n");
    writeFileSync(join(mod, "main.go"), goDriverSource(packages));
    binary = join(out, "roundtrip");
    const env = { ...process.env, GOFLAGS: "-mod=mod", GOPROXY: "off", GOTOOLCHAIN: "local", GO111MODULE: "on" };
    const t0 = Date.now();
    execFileSync("go", ["vet", "./..."], { cwd: mod, env, stdio: "pipe" });
    execFileSync("go", ["build", "-o", binary, "."], { cwd: mod, env, stdio: "pipe" });
    console.log(
      `go: vet + build ${Date.now() - t0} ms; ${set.samples.length} samples (${set.vectorCount} from frame-wire vectors)`,
    );
    void readFileSync;
  }, 600_000);

  it("round-trips every sample unchanged (json.Unmarshal, json.Marshal, compare as JSON)", () => {
    const results = run(set.samples);
    const failures = roundTripFailures(set.samples, results);
    expect(failures).toEqual([]);
  });

  it("decodes a FrameEvent into the member its type names (FrameEvent{Value: *BlockStartEvent}...)", () => {
    const events = set.samples.filter((s) => s.def === "FrameEvent" || s.def === "ConflictItem");
    const results = run(events);
    events.forEach((s, i) =>
      expect(results[i]!.variant, s.label).toBe(VARIANT_BY_TAG[(s.value as { type: string }).type]),
    );
  });

  it("keeps an absent optional member apart from a null one, and numbers keep their digits", () => {
    const fw = set.samples.find((s) => s.def === "FrameEvent")!.contract;
    const values = [
      { type: "tool_call", call: { id: "c", name: "n", arguments: {} } },
      { type: "tool_call", call: { id: "c", name: "n", arguments: {}, result: null } },
      {
        type: "block_delta",
        index: 0,
        block_id: "b",
        seq: 1,
        delta: { op: "field_set", path: "/n", value: 12345678901234567890 },
      },
    ];
    const results = run(values.map((value, i) => ({ contract: fw, def: "FrameEvent", value, label: String(i) })));
    expect(results.map((r) => r.value)).toEqual(values);
  });

  it("rejects what the schema rejects: unknown tags, a missing tag, unknown members of closed objects, a wrong const", () => {
    const results = run(set.negatives);
    const accepted = set.negatives.filter((_, i) => results[i]!.ok).map((n) => `${n.label} (${n.why})`);
    expect(accepted).toEqual([]);
  });
});
