/**
 * Hand-written type guards for frame-wire events: the baseline of validate.frameEvent. They accept
 * exactly what frame_wire.json accepts (the bench checks agreement on every sample before timing).
 * minLength counts code points (JSON Schema), pattern is BlockPointer's.
 */
const hasOwn = Object.prototype.hasOwnProperty;
const POINTER = /^(\/([^~/]|~[01])*)*$/u;

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
function onlyKeys(o: Record<string, unknown>, allowed: readonly string[]): boolean {
  for (const k in o) if (hasOwn.call(o, k) && !allowed.includes(k)) return false;
  return true;
}
function nonEmpty(v: unknown): boolean {
  return typeof v === "string" && v.length > 0;
}
function uint(v: unknown): boolean {
  return typeof v === "number" && Number.isInteger(v) && v >= 0;
}
/** JSON values only: what parsed JSON can be (numbers finite). */
function isJson(v: unknown): boolean {
  if (v === null || typeof v === "string" || typeof v === "boolean") return true;
  if (typeof v === "number") return Number.isFinite(v);
  if (Array.isArray(v)) return v.every(isJson);
  if (isObj(v)) {
    for (const k in v) if (hasOwn.call(v, k) && !isJson(v[k])) return false;
    return true;
  }
  return false;
}
function isDelta(d: unknown): boolean {
  return (
    isObj(d) &&
    (d.op === "field_set" || d.op === "element_append") &&
    typeof d.path === "string" &&
    POINTER.test(d.path) &&
    hasOwn.call(d, "value") &&
    isJson(d.value) &&
    onlyKeys(d, ["op", "path", "value"])
  );
}
function isBlock(b: unknown): boolean {
  if (!isObj(b) || typeof b.kind !== "string") return false;
  for (const k in b) if (hasOwn.call(b, k) && k !== "kind" && !isJson(b[k])) return false;
  return true;
}
function isToolCall(c: unknown): boolean {
  return (
    isObj(c) &&
    nonEmpty(c.id) &&
    nonEmpty(c.name) &&
    isObj(c.arguments) &&
    isJson(c.arguments) &&
    (!hasOwn.call(c, "result") || isJson(c.result)) &&
    onlyKeys(c, ["id", "name", "arguments", "result"])
  );
}

export function isFrameEventGuard(e: unknown): boolean {
  if (!isObj(e)) return false;
  switch (e.type) {
    case "block_start":
      return (
        uint(e.index) && nonEmpty(e.block_id) && isBlock(e.block) && onlyKeys(e, ["type", "index", "block_id", "block"])
      );
    case "block_delta":
      return (
        uint(e.index) &&
        nonEmpty(e.block_id) &&
        uint(e.seq) &&
        isDelta(e.delta) &&
        onlyKeys(e, ["type", "index", "block_id", "seq", "delta"])
      );
    case "tool_call":
      return isToolCall(e.call) && onlyKeys(e, ["type", "call"]);
    case "done":
      return typeof e.finish_reason === "string" && onlyKeys(e, ["type", "finish_reason"]);
    case "error":
      return nonEmpty(e.code) && typeof e.message === "string" && onlyKeys(e, ["type", "code", "message"]);
    default:
      return false;
  }
}
