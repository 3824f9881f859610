/** `request-body-required`: `requestBody.required` becomes true. */
import { kind } from "../kind.js";
import { jsonContent, operation, pair } from "../examples.js";
import { sharedOperations } from "../../openapi-changes.js";

const body = (required: boolean) => operation({ requestBody: { required, ...jsonContent({}) } }, {}, "/a", "post");

export default kind({
  id: "request-body-required",
  family: "openapi",
  direction: "request",
  level: "breaking",
  doc: "`requestBody.required` becomes true: requests without a body are refused",
  opposite: "request-body-optional",
  detect: {
    on: "models",
    find: (p) =>
      sharedOperations(p)
        .filter((op) => op.new.bodyRequired && !op.old.bodyRequired && op.old.hasBody)
        .map((op) => ({
          kind: "request-body-required",
          verdict: "breaking" as const,
          direction: op.sent,
          path: `${op.new.path}/requestBody/required`,
          evidence: `${op.key}: requests without a body were accepted (requestBody.required was false); now a body is required`,
          reaches: [op.reach("request body")],
        })),
  },
  describe: () => "a request body is now required",
  examples: { fires: pair(body(false), body(true)), quiet: pair(body(true), body(false)) },
});
