// A stand-in for a server that is not ours (test-only): answers stdio lines with canned shapes.
// argv[2] picks the behaviour: "wrapped" answers capabilities with a result wrapped once more
// (so result.operations is missing); "extra-op" advertises an operation wright-agent/v1 lacks.
import { createInterface } from "node:readline";

const mode = process.argv[2];
const caps = {
  name: "foreign",
  version: "9",
  agent_contract: "wright-agent/v1",
  contract: "wright-result/v1",
  operations: ["capabilities", "findings", "teleport"],
  result_schemas: {},
  languages: [],
  profiles: [],
};
for await (const line of createInterface({ input: process.stdin })) {
  let request;
  try {
    request = JSON.parse(line);
  } catch {
    process.stdout.write(JSON.stringify({ error: { code: "malformed-request", message: "not JSON" } }) + "\n");
    continue;
  }
  if (request.op === "capabilities")
    process.stdout.write(JSON.stringify(mode === "wrapped" ? { result: { result: caps } } : { result: caps }) + "\n");
  else process.stdout.write(JSON.stringify({ result: { findings: [], snapshot: 1 } }) + "\n");
}
