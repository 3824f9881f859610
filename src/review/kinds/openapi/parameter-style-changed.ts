/** `parameter-style-changed`: a parameter's `style` or `explode` changed. */
import { kind } from "../kind.js";
import { operation, pair } from "../examples.js";
import { sharedOperations, sharedParameters } from "../../openapi-changes.js";

const q = (style: string) => operation({ parameters: [{ name: "q", in: "query", style, schema: { type: "array" } }] });

export default kind({
  id: "parameter-style-changed",
  family: "openapi",
  direction: "request",
  level: "breaking",
  doc: "a parameter's `style` or `explode` changed: old serializations are read differently",
  detect: {
    on: "models",
    find: (p) =>
      sharedOperations(p).flatMap((op) =>
        sharedParameters(op)
          .filter(({ old: po, new: pn }) => po.style !== pn.style || po.explode !== pn.explode)
          .map(({ path, old: po, new: pn }) => ({
            kind: "parameter-style-changed",
            verdict: "breaking" as const,
            direction: op.sent,
            path,
            subject: pn.name,
            evidence: `${op.key}: ${pn.in} parameter "${pn.name}" is serialized as style ${pn.style}, explode ${pn.explode} (was ${po.style}, explode ${po.explode}): values written the old way are read differently`,
            reaches: [op.reach(`${pn.in} parameters`)],
          })),
      ),
  },
  describe: (d) => `parameter \`${d.subject}\` is serialized differently`,
  examples: { fires: pair(q("form"), q("pipeDelimited")), quiet: pair(q("form"), q("form")) },
});
