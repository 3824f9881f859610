/** `request-body-added-required`: a required request body appears where there was none. */
import { kind } from "../kind.js";
import { jsonContent, operation, pair } from "../examples.js";
import { sharedOperations } from "../../openapi-changes.js";

const none = operation({}, {}, "/a", "post");
const required = operation({ requestBody: { required: true, ...jsonContent({}) } }, {}, "/a", "post");

export default kind({
  id: "request-body-added-required",
  family: "openapi",
  direction: "request",
  level: "breaking",
  doc: "a required request body appears where there was none",
  detect: {
    on: "models",
    find: (p) =>
      sharedOperations(p)
        .filter((op) => op.new.bodyRequired && !op.old.bodyRequired && !op.old.hasBody)
        .map((op) => ({
          kind: "request-body-added-required",
          verdict: "breaking" as const,
          direction: op.sent,
          path: `${op.new.path}/requestBody/required`,
          evidence: `${op.key}: requests without a body were the only kind; now a body is required`,
          reaches: [op.reach("request body")],
        })),
  },
  describe: () => "a request body is now required where there was none",
  examples: { fires: pair(none, required), quiet: pair(required, none) },
});
