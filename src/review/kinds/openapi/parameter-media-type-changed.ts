/** `parameter-media-type-changed`: a parameter's `content` media type changed. */
import { kind } from "../kind.js";
import { operation, pair } from "../examples.js";
import { sharedOperations, sharedParameters } from "../../openapi-changes.js";

const f = (media: string) =>
  operation({ parameters: [{ name: "f", in: "query", content: { [media]: { schema: {} } } }] });

export default kind({
  id: "parameter-media-type-changed",
  family: "openapi",
  direction: "request",
  level: "breaking",
  doc: "a parameter's `content` media type changed",
  detect: {
    on: "models",
    find: (p) =>
      sharedOperations(p).flatMap((op) =>
        sharedParameters(op)
          .filter(({ old: po, new: pn }) => (po.media ?? "") !== (pn.media ?? ""))
          .map(({ path, old: po, new: pn }) => ({
            kind: "parameter-media-type-changed",
            verdict: "breaking" as const,
            direction: op.sent,
            path,
            subject: pn.name,
            evidence: `${op.key}: ${pn.in} parameter "${pn.name}" is encoded as ${pn.media ?? "a plain value"} (was ${po.media ?? "a plain value"})`,
            reaches: [op.reach(`${pn.in} parameters`)],
          })),
      ),
  },
  describe: (d) => `parameter \`${d.subject}\` is encoded as another media type`,
  examples: {
    fires: pair(f("application/json"), f("application/x-yaml")),
    quiet: pair(f("application/json"), f("application/json")),
  },
});
