import { describe, expect, it } from "vitest";
import { rfc6901Suite, type PointerTarget } from "../../conformance/rfc6901/suite.js";
import { srcJsonPointer } from "../../conformance/rfc6901/targets.js";
import { runCheck, describeFailure } from "../../conformance/harness/runner.js";
import { defaultContext } from "../../conformance/harness/check.js";

const ctx = defaultContext();

describe("rfc6901 suite against src/json", () => {
  for (const check of rfc6901Suite.checks) {
    it(check.id, async () => {
      const r = await runCheck(check, srcJsonPointer, ctx);
      expect(r.status, describeFailure(r)).toBe("pass");
    });
  }
});

/** A naive evaluator: `doc[token]` (arrays via Number(token)), no own-member check, no index grammar, no receiver rule. */
const naive: PointerTarget = {
  ...srcJsonPointer,
  evaluate(document, pointer) {
    try {
      let cur: any = document;
      for (const t of srcJsonPointer.parse(pointer)) {
        if (cur === null || typeof cur !== "object") return { found: false };
        const key = Array.isArray(cur) && Number.isInteger(Number(t)) ? Number(t) : t;
        if (!(key in cur)) return { found: false };
        cur = cur[key];
      }
      return { found: true, value: cur };
    } catch {
      return { found: false };
    }
  },
};
/** Plain RFC evaluation, but receiver mode not implemented. */
const noReceiverRule: PointerTarget = { ...srcJsonPointer, evaluate: (d, p) => srcJsonPointer.evaluate(d, p, "plain") };
/** Escapes in the wrong order: "~01" decodes to "/". */
const wrongUnescape: PointerTarget = {
  ...srcJsonPointer,
  unescape: (t) => t.replace(/~0/g, "~").replace(/~1/g, "/"),
  parse: (p) =>
    p === ""
      ? []
      : p
          .slice(1)
          .split("/")
          .map((t) => t.replace(/~0/g, "~").replace(/~1/g, "/")),
};
/** Receiver rule that only looks at the first token. */
const firstTokenOnly: PointerTarget = {
  ...srcJsonPointer,
  evaluate(d, p, mode) {
    if (mode === "receiver" && ["__proto__", "constructor", "prototype"].includes(srcJsonPointer.parse(p)[0] ?? ""))
      return { found: false };
    return srcJsonPointer.evaluate(d, p, "plain");
  },
};

describe("rfc6901 suite catches broken pointer implementations", () => {
  const cases: [string, PointerTarget, string[]][] = [
    [
      "naive doc[token]",
      naive,
      ["rfc6901/own-members-only", "rfc6901/leading-zero-refused", "rfc6901/receiver-forbidden-members"],
    ],
    ["no receiver rule", noReceiverRule, ["rfc6901/receiver-forbidden-members"]],
    ["escapes decoded in the wrong order", wrongUnescape, ["rfc6901/escape-round-trip"]],
    ["receiver rule on the first token only", firstTokenOnly, ["rfc6901/receiver-forbidden-members"]],
  ];
  for (const [name, target, failing] of cases) {
    it(`${name} fails ${failing.join(", ")}`, async () => {
      for (const id of failing) {
        const check = rfc6901Suite.checks.find((c) => c.id === id)!;
        const r = await runCheck(check, target, ctx);
        expect(r.status, `${id} should fail for ${name}`).toBe("fail");
        expect(r.seed).toBeTypeOf("number");
      }
    });
  }
});
