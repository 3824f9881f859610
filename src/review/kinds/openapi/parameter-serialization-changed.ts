/** `parameter-serialization-changed`: a parameter changed between scalar and array. */
import { kind } from "../kind.js";
import { operation, pair } from "../examples.js";
import { arrayShape, sharedOperations, sharedParameters } from "../../openapi-changes.js";

const q = (schema: unknown) => operation({ parameters: [{ name: "q", in: "query", schema }] });

export default kind({
  id: "parameter-serialization-changed",
  family: "openapi",
  direction: "request",
  level: "breaking",
  doc: "a parameter changed between scalar and array (needs-review when one side mixes both)",
  detect: {
    on: "models",
    find: (p) =>
      sharedOperations(p).flatMap((op) =>
        sharedParameters(op).flatMap(({ path, old: po, new: pn }) => {
          // A scalar that becomes an array (or back) changes what `?x=a,b` means: not a widening.
          const was = arrayShape(po.schema, p.old);
          const is = arrayShape(pn.schema, p.new_);
          if (was === is || po.media) return [];
          const mixed = was === "mixed" || is === "mixed";
          return [
            {
              kind: "parameter-serialization-changed",
              verdict: mixed ? ("needs-review" as const) : ("breaking" as const),
              direction: op.sent,
              path,
              subject: pn.name,
              evidence: mixed
                ? `${op.key}: ${pn.in} parameter "${pn.name}" now ${is === "mixed" ? "mixes array and scalar values" : "no longer mixes array and scalar values"}: check how values are serialized`
                : `${op.key}: ${pn.in} parameter "${pn.name}" was ${was === "array" ? "an array" : "a scalar"} and is now ${is === "array" ? "an array" : "a scalar"}: serialized values are split (or joined) differently`,
              reaches: [op.reach(`${pn.in} parameters`)],
            },
          ];
        }),
      ),
  },
  describe: (d) => `parameter \`${d.subject}\` changed between a single value and a list`,
  examples: {
    fires: pair(q({ type: "string" }), q({ type: "array", items: { type: "string" } })),
    quiet: pair(q({ type: "string" }), q({ type: "string", maxLength: 3 })),
  },
});
