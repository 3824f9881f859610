/** `definition-renamed`: a definition lives on under another name. */
import { kind } from "../kind.js";
import { jsonSchema, pair } from "../examples.js";

const lock = {
  type: "object",
  properties: { owner: { type: "string" }, ttl: { type: "integer" } },
  required: ["owner"],
};

export default kind({
  id: "definition-renamed",
  family: "document",
  direction: "none",
  level: "compatible",
  doc: "a definition lives on under another name with the same instances, proved both ways",
  detect: {
    on: "models",
    find: (p) =>
      p.definitionMoves().renamed.map(({ from, to }) => ({
        kind: "definition-renamed",
        verdict: "compatible" as const,
        direction: "none" as const,
        path: to.path,
        subject: `${from.reach.operation} -> ${to.reach.operation}`,
        evidence: `${from.path} is now ${to.path}: same instances, proved structurally in both directions`,
        reaches: [to.reach],
      })),
  },
  describe: (d) => `definition renamed (${d.subject})`,
  examples: {
    fires: pair(jsonSchema({ LockRecord: lock }), jsonSchema({ ActiveLock: lock })),
    quiet: pair(jsonSchema({ LockRecord: lock }), jsonSchema({ ActiveLock: { ...lock, required: [] } })),
  },
});
