/**
 * Verdict- and error-preserving rewrites of ajv's standalone output (decision 200). ajv builds the
 * instance path of every nested value before it knows whether the value fails: each call of a
 * sub-validator concatenates a path string (two regex replaces per object key) and allocates an
 * options object, and each sub-validator destructures it with defaults (`dynamicAnchors={}` is a
 * fresh object per call). Only a failure needs the path, so:
 *
 * 1. Sub-validators are called with the value alone; their errors carry paths relative to that
 *    value, and the caller, only once the call has failed, prefixes them with the path it used to
 *    pass (`instancePath + "/" + key`, built from the same expression ajv emitted). Prefixing level
 *    by level yields the same strings ajv built top-down.
 * 2. The signature reads `instancePath` from an options argument if a caller passes one (the
 *    public `validate(data, {instancePath})` form still works) and nothing else: the rewrite
 *    refuses code that uses `parentData`, `parentDataProperty`, `rootData` or `dynamicAnchors`
 *    for anything but passing them on ($data, $dynamicRef, defaults and coercion would need them).
 * 3. `ucs2length(s) < n` (minLength) first compares `s.length`: a string of fewer than n code
 *    units has fewer than n code points, one of at least 2n-1 code units has at least n (so
 *    minLength 1 is `s.length < 1`).
 *    `ucs2length(s) > n` (maxLength) likewise. Only a length in between is counted.
 *
 * 4. ajv 2020 keeps per-call bookkeeping of evaluated properties/items on each validator
 *    (`validateN.evaluated.props = ...`) for `unevaluatedProperties`/`unevaluatedItems` in a
 *    caller. When no code reads another validator's bookkeeping, nothing depends on it and the
 *    per-call writes go; the static `validateN.evaluated = {...}` stays.
 *
 * Anything that does not match ajv's emitted shapes exactly makes generation fail rather than
 * produce a validator that might differ; test/codegen/standalone-rewrite.test.ts compares the
 * rewritten and the plain output, verdicts and errors, on every contract's samples and mutations.
 */

const SIGNATURE =
  /^function (validate\d+)\(data, \{instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors=\{\}\}=\{\}\)\{$/;
const CALL =
  /^if\(!\(([A-Za-z_$][\w$]*(?:\.validate)?)\((.+), \{instancePath(?::(.+?))?,parentData(?::[^,]+)?,parentDataProperty(?::[^,]+)?,rootData,dynamicAnchors\}\)\)\)\{$/;
const CONCAT = (callee: string) => `vErrors = vErrors === null ? ${callee}.errors : vErrors.concat(${callee}.errors);`;
const CONTEXT_NAMES = /\b(parentData|parentDataProperty|rootData|dynamicAnchors)\b/;
/** Whether a line can mention a context name at all: a substring test, before the regex (Stripe's output is 300,000 lines). */
const mayNameContext = (line: string) =>
  line.includes("parentData") || line.includes("rootData") || line.includes("dynamicAnchors");

const PREFIX_HELPER = `function __prefixPaths(errors, prefix){
if(prefix !== ""){
for(let i = 0; i < errors.length; i++){
errors[i].instancePath = prefix + errors[i].instancePath;
}
}
}`;

export class StandaloneRewriteError extends Error {
  override readonly name = "StandaloneRewriteError";
}

/** Rules 1 and 2: lazy instance paths. `code` is ajv standalone output with `code.lines: true`. */
export function lazyInstancePaths(code: string): string {
  const lines = code.split("\n");
  const out: string[] = [];
  let rewroteCall = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // A schema constant is one line that can run to megabytes (Stripe's): never scanned.
    if (line.startsWith("const schema")) {
      out.push(line);
      continue;
    }
    const sig = line.startsWith("function ") ? SIGNATURE.exec(line) : null;
    if (sig) {
      out.push(
        `function ${sig[1]}(data, options){`,
        `const instancePath = options === undefined || options.instancePath === undefined ? "" : options.instancePath;`,
      );
      continue;
    }
    const call = line.startsWith("if(!(") ? CALL.exec(line) : null;
    if (call) {
      const [, callee, arg, path] = call;
      if (lines[i + 1] !== CONCAT(callee!))
        throw new StandaloneRewriteError(`unexpected code after a sub-validator call: ${lines[i + 1]}`);
      if (CONTEXT_NAMES.test(arg!) || (path !== undefined && CONTEXT_NAMES.test(path)))
        throw new StandaloneRewriteError(`sub-validator call passes evaluation context: ${line}`);
      out.push(`if(!(${callee}(${arg}))){`, `__prefixPaths(${callee}.errors, ${path ?? "instancePath"});`);
      rewroteCall = true;
      continue;
    }
    if (mayNameContext(line) && CONTEXT_NAMES.test(line))
      throw new StandaloneRewriteError(`validator code uses its evaluation context: ${line.slice(0, 200)}`);
    if (line.startsWith("function validate") && /^function validate\d+\(/.test(line))
      throw new StandaloneRewriteError(`unexpected validator signature: ${line}`);
    out.push(line);
  }
  if (!rewroteCall) return out.join("\n");
  // After the exports and schema constants ajv emits first: a plain function declaration is hoisted.
  return out.join("\n") + "\n" + PREFIX_HELPER + "\n";
}

/** Rule 3: string length bounds decided by `.length` where it settles them. */
export function cheapLengthBounds(code: string): string {
  const f = ucs2lengthBinding(code);
  if (f === undefined) return code;
  // One pass over the code (a line-by-line split of Stripe's 9 MB took longer than the rewrite).
  const bound = new RegExp(`\\b${f}\\(([A-Za-z_$][\\w$]*)\\) ([<>]) (\\d+)\\b`, "g");
  return code.replace(bound, (whole: string, v: string, op: string, n: string, at: number) => {
    // Schema constants are data, never rewritten.
    if (code.startsWith("const schema", code.lastIndexOf("\n", at) + 1)) return whole;
    // L code units hold between ceil(L/2) and L code points: L < n fails, L >= 2n-1 passes.
    if (op === "<")
      return Number(n) <= 1
        ? `(${v}.length < ${n})`
        : `(${v}.length < ${n} || (${v}.length < ${2 * Number(n) - 1} && ${f}(${v}) < ${n}))`;
    return `(${v}.length > ${n} && (${v}.length > ${2 * Number(n)} || ${f}(${v}) > ${n}))`;
  });
}

/** The name ajv binds its `ucs2length` helper to: `const funcN = require(...).default;` on a line of its own. */
function ucs2lengthBinding(code: string): string | undefined {
  const tail = ' = require("ajv/dist/runtime/ucs2length").default;';
  for (let at = code.indexOf(tail); at >= 0; at = code.indexOf(tail, at + 1)) {
    const end = at + tail.length;
    const name = /^const (func\d+)$/.exec(code.slice(code.lastIndexOf("\n", at) + 1, at));
    if (name && (end === code.length || code[end] === "\n")) return name[1];
  }
  return undefined;
}

const EVALUATED_WRITES = [
  /^const evaluated\d+ = validate\d+\.evaluated;$/,
  /^if\(evaluated\d+\.dynamic(Props|Items)\)\{$/,
  /^evaluated\d+\.(props|items) = [\w$]+;$/,
];

/** Rule 4: drop per-call evaluated-property bookkeeping that nothing reads. */
export function dropUnreadEvaluated(code: string): string {
  const lines = code.split("\n");
  const isStatic = (l: string) => /^validate\d+\.evaluated = \{.*\};$/.test(l) || l.startsWith("const schema");
  for (const l of lines)
    if (/evaluated/.test(l) && !isStatic(l) && !EVALUATED_WRITES.some((r) => r.test(l))) return code; // read somewhere: keep all
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (EVALUATED_WRITES[1]!.test(l)) {
      // `if(evaluatedN.dynamicProps){` / `evaluatedN.props = undefined;` / `}`
      if (!/^evaluated\d+\.(props|items) = undefined;$/.test(lines[i + 1]!) || lines[i + 2] !== "}")
        throw new StandaloneRewriteError(`unexpected evaluated bookkeeping: ${l}`);
      i += 2;
      continue;
    }
    if (EVALUATED_WRITES[0]!.test(l) || EVALUATED_WRITES[2]!.test(l)) continue;
    out.push(l);
  }
  return out.join("\n");
}

/** Every rewrite, in order, on ajv's standalone output (before `require` hoisting). */
export function rewriteStandalone(code: string): string {
  return dropUnreadEvaluated(cheapLengthBounds(lazyInstancePaths(code)));
}
