/** `payload-admitted`: the payload search found a response the old version does not allow, at no single keyword. */
import { kind } from "../kind.js";

export default kind({
  id: "payload-admitted",
  family: "payload",
  direction: "surface",
  level: "breaking",
  doc: "the payload search found a response the new version allows and the old one does not, at no single keyword",
  opposite: "payload-rejected",
  detect: {
    on: "engine",
    why: "the surface search found a counterexample that no difference of the structural pass explains",
  },
  describe: () => "the new version may produce a payload the old one did not allow",
  examples: {
    none: "fires only when a structural proof is contradicted by a sampled payload; test/review/containment.test.ts's soundness property guards that this does not happen",
  },
});
