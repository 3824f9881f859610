/** `payload-rejected`: the payload search found a request the new version rejects, at no single keyword. */
import { kind } from "../kind.js";

export default kind({
  id: "payload-rejected",
  family: "payload",
  direction: "surface",
  level: "breaking",
  doc: "the payload search found a request the old version accepts and the new one rejects, at no single keyword",
  opposite: "payload-admitted",
  detect: {
    on: "engine",
    why: "the surface search found a counterexample that no difference of the structural pass explains",
  },
  describe: () => "a payload the old version accepts is refused by the new one",
  examples: {
    none: "fires only when a structural proof is contradicted by a sampled payload; test/review/containment.test.ts's soundness property guards that this does not happen",
  },
});
