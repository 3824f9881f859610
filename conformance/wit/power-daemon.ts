/**
 * Wit daemon checks of rules that the scenarios and the model reach only by chance, if at all:
 * - intent.update's transition table (contracts/wit/openrpc.json: "declared -> active|resolved|
 *   abandoned, active -> resolved|abandoned", terminal states have none) was reached only by the
 *   transitions the scenarios and the model happen to take: no check abandoned an active intent, so
 *   a daemon refusing that transition passed the suite.
 * - intent.declare's "a file listed twice is stored once" (the files param's description): no check
 *   declared a file twice, so a daemon storing every entry as sent passed the suite.
 * - check-contracts' content limit ("at most 2 MiB, 2097152 bytes, of UTF-8: larger is
 *   INVALID_REQUEST"): no check sent a file near it, so neither the limit nor that it counts bytes,
 *   not characters, was pinned.
 */
import { type Check } from "../harness/check.js";
import { call, err, inNamespace, ok, same } from "./calls.js";
import type { WitTarget } from "./target.js";

const STATUSES = ["declared", "active", "resolved", "abandoned"] as const;
const REQUESTED = ["active", "resolved", "abandoned"] as const;
/** The contract's table (intent.update's description). */
const ALLOWED: Record<(typeof STATUSES)[number], readonly string[]> = {
  declared: ["active", "resolved", "abandoned"],
  active: ["resolved", "abandoned"],
  resolved: [],
  abandoned: [],
};
/** 2 MiB: check-contracts' largest staged content, in bytes of UTF-8. */
const MAX_CONTENT_BYTES = 2 * 1024 * 1024;

export const powerDaemonChecks: Check<WitTarget>[] = [
  {
    id: "wit/intent-transitions",
    title: "intent.update allows exactly the contract's forward-only transitions",
    doc: "For every status an intent can have (declared, active, resolved, abandoned) and every status intent.update can request (active, resolved, abandoned), a fresh intent is brought to the first and then asked for the second by its declarer: the transitions of the contract's table (declared -> active|resolved|abandoned, active -> resolved|abandoned) answer {intentId, status} and intent.query shows the new status; every other pair (from a terminal status, or active -> active) is INVALID_TRANSITION with data.current and data.requested, and the status is unchanged.",
    async run(target) {
      await inNamespace(target, "transitions", async (ns) => {
        const S = ns.session("a");
        for (const from of STATUSES) {
          for (const requested of REQUESTED) {
            const what = `${from} -> ${requested}`;
            const { intentId } = ok(
              await call(target, "intent.declare", {
                sessionId: S,
                description: what,
                files: [ns.path(`${from}-${requested}.ts`)],
              }),
              `declaring the intent for ${what}`,
            );
            if (from !== "declared")
              ok(
                await call(target, "intent.update", { intentId, sessionId: S, status: from }),
                `bringing the intent for ${what} to ${from}`,
              );
            const r = await call(target, "intent.update", { intentId, sessionId: S, status: requested });
            const allowed = ALLOWED[from].includes(requested);
            if (allowed) {
              const answer = ok(r, what);
              same([answer.intentId, answer.status], [intentId, requested], `${what}: the answer`);
            } else {
              const e = err(r, "INVALID_TRANSITION", what);
              same([e.data?.current, e.data?.requested], [from, requested], `${what}: data.current and data.requested`);
            }
            const now = allowed ? requested : from;
            const rows = ok(
              await call(target, "intent.query", { sessionId: S, status: now }),
              `intent.query for status ${now}`,
            ) as { intentId: string; status: string }[];
            same(
              rows.filter((x) => x.intentId === intentId).map((x) => x.status),
              [now],
              `${what}: intent.query shows the intent as ${now}`,
            );
            if (now === "declared" || now === "active")
              ok(
                await call(target, "intent.update", { intentId, sessionId: S, status: "resolved" }),
                `resolving the intent left ${now} by ${what}`,
              );
          }
        }
      });
    },
  },
  {
    id: "wit/intent-files-stored-once",
    title: "intent.declare stores a file listed twice once, in canonical form",
    doc: "An intent declared with files [a.ts, ./a.ts, b.ts, a.ts] (a.ts spelled twice the same way and once with './') is stored with files ',a.ts,b.ts,' (intent.query): each file once, in canonical form, in the order first declared. The contract's files param: 'Paths are stored in canonical form ('./src//a.ts' is 'src/a.ts'); a file listed twice is stored once.'",
    async run(target) {
      await inNamespace(target, "stored-once", async (ns) => {
        const S = ns.session("a");
        const a = ns.path("a.ts");
        const b = ns.path("b.ts");
        const dotted = `./${ns.dir}//a.ts`;
        const { intentId } = ok(
          await call(target, "intent.declare", { sessionId: S, description: "twice", files: [a, dotted, b, a] }),
          "declaring a.ts twice (and once as ./…//a.ts)",
        );
        const rows = ok(await call(target, "intent.query", { sessionId: S }), "intent.query") as {
          intentId: string;
          files: string;
        }[];
        same(
          rows.filter((r) => r.intentId === intentId).map((r) => r.files),
          [`,${a},${b},`],
          "the stored files: each once, canonical, in declared order",
        );
        ok(await call(target, "intent.update", { intentId, sessionId: S, status: "resolved" }), "resolving the intent");
      });
    },
  },
  {
    id: "wit/check-contracts-content-limit",
    title: "check-contracts takes staged contents of up to 2 MiB of UTF-8 and refuses larger ones",
    doc: "A staged file of exactly 2097152 bytes (ASCII, and the same byte count of two-byte characters: half as many characters) is checked (a result); one byte more (an ASCII file of 2097153 characters, or 1048577 two-byte characters: fewer characters than the limit, more bytes) is INVALID_REQUEST: the limit counts bytes of UTF-8, not characters.",
    async run(target) {
      await inNamespace(target, "content-limit", async (ns) => {
        const path = ns.path("large.ts");
        const send = (content: string) => call(target, "check-contracts", { files: [{ path, content }] });
        ok(await send("x".repeat(MAX_CONTENT_BYTES)), "2097152 ASCII bytes");
        ok(await send("é".repeat(MAX_CONTENT_BYTES / 2)), "1048576 two-byte characters (2097152 bytes)");
        err(await send("x".repeat(MAX_CONTENT_BYTES + 1)), "INVALID_REQUEST", "2097153 ASCII bytes");
        err(
          await send("é".repeat(MAX_CONTENT_BYTES / 2 + 1)),
          "INVALID_REQUEST",
          "1048577 two-byte characters (2097154 bytes, fewer characters than 2097152)",
        );
      });
    },
  },
];
