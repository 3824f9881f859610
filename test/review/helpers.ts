/** Shared helpers of the review tests: registry contracts, mutated copies, independent validation. */
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { findContract, loadContract, loadRegistry, type LoadedContract } from "../../src/contracts/index.js";
import type { ContractModel } from "../../src/review/model.js";
import type { Finding } from "../../src/review/finding.js";

/** The key of the surface a finding's counterexample was shown on (its `shownOn` reach). */
export function shownSurfaceKey(model: ContractModel, f: Finding): string | undefined {
  const on = f.counterexample?.shownOn;
  if (!on) return undefined;
  return [...model.surfaces.values()].find((s) => s.reach.operation === on.operation && s.reach.part === on.part)?.key;
}

export const registry = loadRegistry();

export async function bundled(name: string): Promise<LoadedContract> {
  return loadContract(registry, findContract(registry, name));
}

/** A copy of a loaded contract whose entry document was changed by `edit` (other files shared). */
export function mutated(base: LoadedContract, edit: (root: any) => void): LoadedContract {
  const root = structuredClone(base.doc.root) as any;
  edit(root);
  const files = new Map(base.doc.files);
  files.set(base.doc.path, root);
  return { ...base, doc: { ...base.doc, root, files } };
}

export function method(doc: any, name: string): any {
  const m = doc.methods.find((x: any) => x.name === name);
  if (!m) throw new Error(`no method ${name}`);
  return m;
}

export function param(doc: any, methodName: string, paramName: string): any {
  const p = method(doc, methodName).params.find((x: any) => x.name === paramName);
  if (!p) throw new Error(`no param ${paramName} in ${methodName}`);
  return p;
}

/**
 * Validates a payload against one surface with a fresh ajv 2020 instance (formats on), compiled
 * from the model's definitions: an independent check of what the diff claims.
 */
const compiled = new WeakMap<ContractModel, Map<string, (v: unknown) => boolean>>();

export function independentlyValid(model: ContractModel, surfaceKey: string, payload: unknown): boolean {
  let perModel = compiled.get(model);
  if (!perModel) compiled.set(model, (perModel = new Map()));
  let validate = perModel.get(surfaceKey);
  if (!validate) {
    const surface = model.surfaces.get(surfaceKey);
    if (!surface) throw new Error(`no surface ${surfaceKey}`);
    const ajv = new Ajv2020({ strict: false, discriminator: false });
    addFormats.default(ajv);
    validate = ajv.compile({ $defs: model.ctx.defs, ...(surface.node as object) });
    perModel.set(surfaceKey, validate);
  }
  return validate(payload) === true;
}
