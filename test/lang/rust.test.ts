/**
 * Rust: generate the modules, compile them with serde/serde_json from Debian's packaged crates
 * (cargo source replacement to /usr/share/cargo/registry, offline) and a driver, and round-trip
 * every sample. Needs cargo and the librust-serde*-dev packages (.ci/run installs them; here they
 * are installed when missing and we are root).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { execFileSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { generateLanguages } from "../../codegen/lang/generate.js";
import {
  installDebianPackages,
  langRegistry,
  loadSamples,
  normalizeName,
  runDriver,
  which,
  type Negative,
  type Sample,
  type SampleSet,
  roundTripFailures,
  VARIANT_BY_TAG,
} from "./support.js";

export const DEBIAN_CRATES = "/usr/share/cargo/registry";
const RUST_PACKAGES = ["librust-serde-dev", "librust-serde-derive-dev", "librust-serde-json-dev"];

function hasCrate(name: string): boolean {
  return existsSync(DEBIAN_CRATES) && readdirSync(DEBIAN_CRATES).some((d) => new RegExp(`^${name}-\\d`).test(d));
}

function rustMissing(): string | undefined {
  if (!which("cargo")) return "cargo is not installed (rustup or Debian's cargo)";
  const crates = ["serde", "serde_derive", "serde_json"];
  if (crates.every(hasCrate)) return undefined;
  const why = installDebianPackages(RUST_PACKAGES);
  return crates.every(hasCrate)
    ? undefined
    : (why ?? `${RUST_PACKAGES.join(", ")} did not provide ${crates.join(", ")} in ${DEBIAN_CRATES}`);
}

const missing = rustMissing();
if (missing) console.log(`skipping Rust: ${missing}`);

/** A driver crate: one match arm per generated type; tagged unions report their variant. */
export function rustDriverSource(modules: { contract: string; mod: string; source: string }[]): string {
  const arms: string[] = [];
  for (const m of modules) {
    const unions = new Set([...m.source.matchAll(/^impl<'de> Deserialize<'de> for (\w+)/gm)].map((x) => x[1]!));
    for (const t of m.source.matchAll(/^pub (?:struct|enum|type) (\w+)/gm)) {
      const name = t[1]!;
      arms.push(
        `        ${JSON.stringify(`${m.contract}/${normalizeName(name)}`)} => rt::<${m.mod}::${name}>(value, ${unions.has(name)}),`,
      );
    }
  }
  return `#![allow(dead_code)]
${modules.map((m) => `mod ${m.mod};`).join("\n")}

use std::io::{self, BufRead};

fn rt<T: serde::de::DeserializeOwned + serde::Serialize + std::fmt::Debug>(value: serde_json::Value, tagged: bool) -> Result<(serde_json::Value, String), String> {
    let x: T = serde_json::from_value(value).map_err(|e| e.to_string())?;
    let variant = if tagged { format!("{:?}", x).split('(').next().unwrap_or("").to_string() } else { String::new() };
    let out = serde_json::to_value(&x).map_err(|e| e.to_string())?;
    Ok((out, variant))
}

fn norm(s: &str) -> String {
    s.chars().filter(|c| c.is_ascii_alphanumeric()).collect::<String>().to_lowercase()
}

fn main() {
    for line in io::stdin().lock().lines() {
        let line = line.expect("stdin");
        if line.trim().is_empty() { continue; }
        let req: serde_json::Value = serde_json::from_str(&line).expect("request");
        let key = format!("{}/{}", req["contract"].as_str().unwrap_or(""), norm(req["def"].as_str().unwrap_or("")));
        let value = req["value"].clone();
        let r = match key.as_str() {
${arms.join("\n")}
            _ => Err(format!("no type for {}", key)),
        };
        let out = match r {
            Ok((v, variant)) => serde_json::json!({"ok": true, "value": v, "variant": variant}),
            Err(e) => serde_json::json!({"ok": false, "error": e}),
        };
        println!("{}", out);
    }
}
`;
}

describe.skipIf(missing !== undefined)("generated Rust types", () => {
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
    set = await loadSamples(reg);
    const out = mkdtempSync(join(tmpdir(), "cs-lang-rust-"));
    const report = await generateLanguages({ langs: ["rust"], outDir: join(out, "generated"), registryDir: reg.dir });
    expect(report.invalid).toEqual([]);
    const crate = join(out, "crate");
    mkdirSync(join(crate, "src"), { recursive: true });
    mkdirSync(join(crate, ".cargo"), { recursive: true });
    const modules = report.files.map((f) => {
      const mod = basename(f.path, ".rs");
      writeFileSync(join(crate, "src", `${mod}.rs`), f.body);
      return { contract: f.contract, mod, source: f.body };
    });
    writeFileSync(join(crate, "src", "main.rs"), rustDriverSource(modules));
    writeFileSync(
      join(crate, "Cargo.toml"),
      `[package]\nname = "roundtrip"\nversion = "0.0.0"\nedition = "2021"\n\n[dependencies]\nserde = { version = "1", features = ["derive"] }\nserde_json = "1"\n\n[profile.dev]\ndebug = false\n`,
    );
    writeFileSync(
      join(crate, ".cargo", "config.toml"),
      `[source.crates-io]\nreplace-with = "debian"\n\n[source.debian]\ndirectory = "${DEBIAN_CRATES}"\n\n[net]\noffline = true\n`,
    );
    // A target folder that outlives the run, so serde's derive is compiled once per machine.
    const target = join(tmpdir(), "contract-suite-rust-target");
    const t0 = Date.now();
    execFileSync("cargo", ["build", "--quiet", "--offline"], {
      cwd: crate,
      env: { ...process.env, CARGO_TARGET_DIR: target },
      stdio: "pipe",
    });
    binary = join(target, "debug", "roundtrip");
    console.log(`rust: cargo build ${Date.now() - t0} ms; ${set.samples.length} samples`);
  }, 600_000);

  it("round-trips every sample unchanged (serde_json::from_value, to_value, compare as JSON)", () => {
    const results = run(set.samples);
    const failures = roundTripFailures(set.samples, results);
    expect(failures).toEqual([]);
  });

  it("decodes a FrameEvent into the enum variant its type names", () => {
    const events = set.samples.filter((s) => s.def === "FrameEvent" || s.def === "ConflictItem");
    const results = run(events);
    events.forEach((s, i) =>
      expect(results[i]!.variant, s.label).toBe(VARIANT_BY_TAG[(s.value as { type: string }).type]),
    );
  });

  it("rejects what the schema rejects: unknown tags, a missing tag, unknown members of closed objects, a wrong const", () => {
    const results = run(set.negatives);
    const accepted = set.negatives.filter((_, i) => results[i]!.ok).map((n) => `${n.label} (${n.why})`);
    expect(accepted).toEqual([]);
  });
});
