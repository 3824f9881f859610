/**
 * The lint config file (default `<registry>/lint.json`): severity overrides per rule, the tool
 * input definitions per contract, the sampling budget, and waivers. Each waiver names a rule, a
 * location (`<file relative to the registry>#<pointer>`, optionally ending in `/**` for a whole
 * subtree) and a reason; a waiver that matches nothing is itself reported.
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { parseJson } from "../../json/index.js";
import { DOCUMENT_LIMITS, RefusedReference, type Registry } from "../../contracts/index.js";
import type { SeveritySetting } from "./rule.js";

export interface Waiver {
  rule: string;
  location: string;
  reason: string;
}

export interface LintConfig {
  /** Absolute path of the file it came from, when any. */
  path?: string;
  /** That file's text, for positions (read once: the file is not opened again). */
  text?: string;
  rules: Record<string, SeveritySetting>;
  toolInputs: Record<string, string[]>;
  samples?: number;
  waivers: Waiver[];
}

export class LintConfigError extends Error {
  override readonly name = "LintConfigError";
}

export const LINT_CONFIG_SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  title: "LintConfig",
  type: "object",
  additionalProperties: false,
  properties: {
    $schema: { type: "string" },
    $comment: { type: "string" },
    rules: { type: "object", additionalProperties: { enum: ["error", "warning", "info", "off"] } },
    toolInputs: { type: "object", additionalProperties: { type: "array", items: { type: "string", minLength: 1 } } },
    samples: { type: "integer", minimum: 1, maximum: 100000 },
    waivers: {
      type: "array",
      items: {
        type: "object",
        required: ["rule", "location", "reason"],
        additionalProperties: false,
        properties: {
          rule: { type: "string", minLength: 1 },
          location: { type: "string", pattern: "#" },
          reason: { type: "string", minLength: 10 },
        },
      },
    },
  },
} as const;

let validate: ReturnType<Ajv2020["compile"]> | undefined;

export const DEFAULT_CONFIG_NAME = "lint.json";

/**
 * Reads the config: an explicit path (the user named it), else `<registry>/lint.json` when it
 * exists, read inside the registry's root like its documents (a symlink out of it is refused),
 * else defaults.
 */
export function loadLintConfig(
  registry: Pick<Registry, "dir" | "root" | "documentRoots">,
  explicit?: string,
): LintConfig {
  // Documents given as arguments have no registry folder, so no lint.json is read unless named.
  if (!explicit && registry.documentRoots) return { rules: {}, toolInputs: {}, waivers: [] };
  const path = explicit ? resolve(explicit) : resolve(registry.dir, DEFAULT_CONFIG_NAME);
  if (!existsSync(path)) {
    if (explicit) throw new LintConfigError(`${explicit}: no such lint config`);
    return { rules: {}, toolInputs: {}, waivers: [] };
  }
  let raw: unknown;
  let text: string;
  try {
    text = (explicit ? readFileSync(path) : registry.root.read(path, DOCUMENT_LIMITS.maxBytes)).toString("utf8");
    raw = parseJson(text);
  } catch (e) {
    throw new LintConfigError(
      `${path}: ${e instanceof RefusedReference ? `the file ${e.message}` : (e as Error).message}`,
    );
  }
  validate ??= new Ajv2020({ allErrors: true, strict: false }).compile(LINT_CONFIG_SCHEMA);
  if (!validate(raw)) {
    const errs = (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? e.keyword}`).join("; ");
    throw new LintConfigError(`${path}: not a valid lint config: ${errs}`);
  }
  const c = raw as Partial<LintConfig>;
  return {
    path,
    text,
    rules: { ...(c.rules ?? {}) },
    toolInputs: { ...(c.toolInputs ?? {}) },
    samples: c.samples,
    waivers: c.waivers ?? [],
  };
}

export function waiverMatches(w: Waiver, rule: string, location: string): boolean {
  if (w.rule !== rule) return false;
  if (w.location.endsWith("/**")) {
    const base = w.location.slice(0, -3);
    return location === base || location.startsWith(`${base}/`);
  }
  return w.location === location;
}
