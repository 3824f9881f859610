/** `param-renamed`: a param removed and another added with the same schema. */
import { kind } from "../kind.js";
import { method, openrpc, pair } from "../examples.js";

export default kind({
  id: "param-renamed",
  family: "openrpc",
  direction: "request",
  level: "by-proof",
  doc: "a param removed and another added with the same schema",
  detect: {
    on: "engine",
    why: "a `param-removed` finding whose method gained a param with the same schema is relabelled (engine/relabel.ts)",
  },
  describe: (d) => `param \`${d.subject}\` was renamed`,
  examples: {
    fires: pair(
      openrpc([method("m", [{ name: "a", schema: { type: "string" } }])]),
      openrpc([method("m", [{ name: "b", schema: { type: "string" } }])]),
    ),
    quiet: pair(
      openrpc([method("m", [{ name: "a", schema: { type: "string" } }])]),
      openrpc([method("m", [{ name: "b", schema: { type: "integer" } }])]),
    ),
  },
});
