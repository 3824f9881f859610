/** `error-removed`: a declared error is gone. */
import { kind } from "../kind.js";
import { method, openrpc, pair } from "../examples.js";
import { errorChanges } from "./errors.js";

const withErrors = (errors: { code: number; message: string }[]) =>
  openrpc([method("a", [], { type: "string" }, { errors })]);

export default kind({
  id: "error-removed",
  family: "openrpc",
  direction: "response",
  level: "compatible",
  doc: "a declared error is gone (responses may only narrow)",
  opposite: "error-added",
  detect: {
    on: "models",
    find: (p) =>
      errorChanges(p).removed.map((e) => ({
        kind: "error-removed",
        verdict: "compatible" as const,
        direction: "response" as const,
        path: e.new.path,
        subject: `${e.code} ${e.message}`,
        evidence: `${e.method} no longer declares error ${e.code} ${e.message} (responses may only narrow)`,
        reaches: [e.new.reach],
      })),
  },
  describe: (d) => `no longer returns error ${d.subject}`,
  examples: {
    fires: pair(withErrors([{ code: 1, message: "busy" }]), withErrors([])),
    quiet: pair(withErrors([]), withErrors([{ code: 1, message: "busy" }])),
  },
});
