/** Identifier helpers: every generated name comes from here, so names stay stable across runs. */

/** `lock.acquire` -> `LockAcquire`, `check-contracts` -> `CheckContracts`, `forge_block` -> `ForgeBlock`. */
export function pascalCase(name: string): string {
  const parts = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const joined = parts.map((p) => p[0]!.toUpperCase() + p.slice(1)).join("");
  return /^[0-9]/.test(joined) ? `_${joined}` : joined;
}

/** `lock.acquire` -> `lockAcquire`. */
export function camelCase(name: string): string {
  const p = pascalCase(name);
  return p[0]!.toLowerCase() + p.slice(1);
}

const RESERVED = new Set(
  "break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await".split(
    " ",
  ),
);

/** A property key as it must be written in TypeScript source. */
export function propertyKey(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) && !RESERVED.has(name) ? name : JSON.stringify(name);
}
