/** `error-added`: a method may return an error the old contract does not declare. */
import { kind } from "../kind.js";
import { method, openrpc, pair } from "../examples.js";
import { shown } from "../../prove/check.js";
import { errorChanges } from "./errors.js";

const withErrors = (errors: { code: number; message: string }[]) =>
  openrpc([method("a", [], { type: "string" }, { errors })]);

export default kind({
  id: "error-added",
  family: "openrpc",
  direction: "response",
  level: "breaking",
  doc: "a method may return a (code, message) pair the old contract does not declare",
  opposite: "error-removed",
  detect: {
    on: "models",
    find: (p) =>
      errorChanges(p).added.map((e) => {
        const payload = { jsonrpc: "2.0", id: 1, error: { code: e.code, message: e.message } };
        const shows = p.new_.ctx.valid(e.new.node, payload) && !p.old.ctx.valid(e.old.node, payload);
        return {
          kind: "error-added",
          verdict: shows ? ("breaking" as const) : ("needs-review" as const),
          direction: "response" as const,
          path: e.new.path,
          subject: `${e.code} ${e.message}`,
          evidence: `${e.method} may now return error ${e.code} ${e.message}, which the old contract does not declare`,
          counterexample: shows ? shown(payload, "new", "old", p.old.ctx, e.old.node) : undefined,
          reaches: [e.new.reach],
        };
      }),
  },
  describe: (d) => `may now return error ${d.subject}`,
  examples: {
    fires: pair(withErrors([]), withErrors([{ code: 1, message: "busy" }])),
    quiet: pair(withErrors([{ code: 1, message: "busy" }]), withErrors([])),
  },
});
