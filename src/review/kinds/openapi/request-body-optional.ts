/** `request-body-optional`: the request body becomes optional. */
import { kind } from "../kind.js";
import { jsonContent, operation, pair } from "../examples.js";
import { sharedOperations } from "../../openapi-changes.js";

const body = (required: boolean) => operation({ requestBody: { required, ...jsonContent({}) } }, {}, "/a", "post");

export default kind({
  id: "request-body-optional",
  family: "openapi",
  direction: "request",
  level: "compatible",
  doc: "the request body becomes optional",
  opposite: "request-body-required",
  detect: {
    on: "models",
    find: (p) =>
      sharedOperations(p)
        .filter((op) => op.old.bodyRequired && !op.new.bodyRequired)
        .map((op) => ({
          kind: "request-body-optional",
          verdict: "compatible" as const,
          direction: op.sent,
          path: `${op.new.path}/requestBody/required`,
          evidence: `${op.key}: the request body is now optional`,
          reaches: [op.reach("request body")],
        })),
  },
  describe: () => "the request body is now optional",
  examples: { fires: pair(body(true), body(false)), quiet: pair(body(false), body(true)) },
});
