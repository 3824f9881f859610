/** Wit scenarios: intents (conflicts, lifecycle, query) (docs/wit.md). */
import path from "node:path";
import { expect, type Check } from "../harness/check.js";
import { call, err, inNamespace, iso, ok, same, short } from "./calls.js";
import { byteRange } from "./fixtures.js";
import type { WitTarget } from "./target.js";

export const witIntentScenarios: Check<WitTarget>[] = [
  {
    id: "wit/intent-conflicts",
    title: "intent.declare reports INTENT_OVERLAP, LOCK_INTERSECTION and DEP_CHAIN",
    doc: "Overlap needs a shared file and overlapping byte ranges (a file-level intent overlaps everything in its files; disjoint functions do not overlap; resolved intents never do); LOCK_INTERSECTION is a declared file:symbol locked by another session; DEP_CHAIN a callee of a declared symbol locked by another session. hasConflicts is true exactly when items is non-empty, and declare always succeeds.",
    async run(target) {
      await inNamespace(target, "intents", async (ns) => {
        const s = (n: string) => ns.session(n);
        const auth = ns.path("auth.ts");
        const py = ns.path("ranges.py");
        const declare = async (who: string, files: string[], symbols?: string[]) =>
          ok(
            await call(target, "intent.declare", {
              sessionId: s(who),
              description: `${who} works`,
              files,
              ...(symbols ? { symbols } : {}),
            }),
            `${who} declares`,
          );
        const types = (r: any) => (r.conflicts.items as { type: string }[]).map((i) => i.type).sort();
        ok(
          await call(target, "lock.acquire", { symbolPath: ns.path("auth.ts:decode"), sessionId: s("b") }),
          "B locks decode",
        );
        const a = await declare("a", [auth], ["validateToken"]);
        same(
          a.conflicts,
          {
            hasConflicts: true,
            items: [
              {
                type: "DEP_CHAIN",
                intentSymbol: ns.path("auth.ts:validateToken"),
                lockedCallee: ns.path("auth.ts:decode"),
                heldBy: s("b"),
              },
            ],
          },
          "A's report (DEP_CHAIN only)",
        );
        const lockC = ok(
          await call(target, "lock.acquire", { symbolPath: ns.path("auth.ts:validateToken"), sessionId: s("c") }),
          "C locks validateToken",
        );
        const d = await declare("d", [auth], ["validateToken"]);
        same(types(d), ["DEP_CHAIN", "INTENT_OVERLAP", "LOCK_INTERSECTION"], "D's conflict types");
        const overlap = d.conflicts.items.find((i: any) => i.type === "INTENT_OVERLAP");
        same(
          overlap,
          {
            type: "INTENT_OVERLAP",
            overlappingIntentId: a.intentId,
            overlappingSessionId: s("a"),
            description: "a works",
          },
          "D's INTENT_OVERLAP",
        );
        const inter = d.conflicts.items.find((i: any) => i.type === "LOCK_INTERSECTION");
        same(
          [inter.symbolPath, inter.heldBy, iso(inter.expiresAt)],
          [ns.path("auth.ts:validateToken"), s("c"), iso(lockC.expiresAt)],
          "D's LOCK_INTERSECTION",
        );
        same(
          (await declare("e", [py], ["gamma"])).conflicts,
          { hasConflicts: false, items: [] },
          "E's report (nothing)",
        );
        same(
          (await declare("f", [py], ["alpha"])).conflicts,
          { hasConflicts: false, items: [] },
          "F's report (alpha and gamma do not overlap)",
        );
        const g = await declare("g", [py]);
        same(
          g.conflicts.items.map((i: any) => i.overlappingSessionId).sort(),
          [s("e"), s("f")].sort(),
          "G's file-level intent overlaps E and F",
        );
        ok(
          await call(target, "intent.update", { intentId: a.intentId, sessionId: s("a"), status: "resolved" }),
          "A resolves",
        );
        const h = await declare("h", [auth, ns.path("routes.ts")], []);
        same(
          h.conflicts.items.map((i: any) => i.overlappingSessionId),
          [s("d")],
          "H overlaps only live intents (D, not the resolved A)",
        );
      });
    },
  },
  {
    id: "wit/intent-lifecycle",
    title: "Intent transitions are forward-only and owner-only",
    doc: "declared -> active -> resolved works; active -> active, resolved -> anything and abandoned -> anything are INVALID_TRANSITION with current and requested; another session gets INTENT_NOT_OWNED; an unknown id INTENT_NOT_FOUND. updatedAt is a millisecond time no earlier than declaredAt.",
    async run(target) {
      await inNamespace(target, "lifecycle", async (ns) => {
        const [A, B] = [ns.session("a"), ns.session("b")];
        const declare = async () =>
          ok(
            await call(target, "intent.declare", { sessionId: A, description: "x", files: [ns.path("auth.ts")] }),
            "declare",
          ).intentId as string;
        const update = (intentId: string, status: string, sessionId = A) =>
          call(target, "intent.update", { intentId, sessionId, status });
        const i = await declare();
        err(await update(i, "active", B), "INTENT_NOT_OWNED", "B updates A's intent");
        const act = ok(await update(i, "active"), "declared -> active");
        same([act.intentId, act.status, typeof act.updatedAt], [i, "active", "number"], "update result");
        same(
          err(await update(i, "active"), "INVALID_TRANSITION", "active -> active").data,
          { current: "active", requested: "active" },
          "INVALID_TRANSITION data",
        );
        ok(await update(i, "resolved"), "active -> resolved");
        for (const to of ["active", "resolved", "abandoned"])
          same(
            err(await update(i, to), "INVALID_TRANSITION", `resolved -> ${to}`).data,
            { current: "resolved", requested: to },
            `resolved -> ${to} data`,
          );
        const j = await declare();
        ok(await update(j, "abandoned"), "declared -> abandoned");
        err(await update(j, "active"), "INVALID_TRANSITION", "abandoned -> active");
        const k = await declare();
        ok(await update(k, "resolved"), "declared -> resolved");
        err(await update(`${ns.tag}-missing`, "active"), "INTENT_NOT_FOUND", "unknown intent");
        const row = (
          ok(await call(target, "intent.query", { sessionId: A, status: "resolved" }), "query") as any[]
        ).find((r) => r.intentId === i);
        expect(row && row.updatedAt >= row.declaredAt, "updatedAt earlier than declaredAt", row);
      });
    },
  },
  {
    id: "wit/intent-query",
    title: "intent.query: live by default, explicit status overrides, whole-entry file match",
    doc: "Without status, only declared and active intents are returned; status resolved/abandoned returns exactly those. The file filter matches one whole entry of the stored ',a,b,' list (a bare file name does not match a path). The stored form: files with leading and trailing commas, symbols a JSON array string, a symbol's byte range for a one-file one-symbol intent, null for a file-level one.",
    async run(target) {
      await inNamespace(target, "iquery", async (ns) => {
        const A = ns.session("a");
        const [auth, routes, py] = [ns.path("auth.ts"), ns.path("routes.ts"), ns.path("ranges.py")];
        const declare = async (files: string[], symbols?: string[]) =>
          ok(
            await call(target, "intent.declare", {
              sessionId: A,
              description: "q",
              files,
              ...(symbols ? { symbols } : {}),
            }),
            "declare",
          ).intentId as string;
        const [i1, i2, i3, i4] = [
          await declare([auth, routes]),
          await declare([py], ["beta"]),
          await declare([auth]),
          await declare([routes]),
        ];
        ok(await call(target, "intent.update", { intentId: i2, sessionId: A, status: "active" }), "i2 active");
        ok(await call(target, "intent.update", { intentId: i3, sessionId: A, status: "resolved" }), "i3 resolved");
        ok(await call(target, "intent.update", { intentId: i4, sessionId: A, status: "abandoned" }), "i4 abandoned");
        const ids = async (params: object) =>
          (ok(await call(target, "intent.query", params), `intent.query ${short(params)}`) as any[])
            .filter((r) => r.sessionId === A)
            .map((r) => r.intentId)
            .sort();
        same(await ids({ sessionId: A }), [i1, i2].sort(), "default query (declared + active)");
        same(await ids({}), [i1, i2].sort(), "default query without session filter");
        same(await ids({ sessionId: A, status: "resolved" }), [i3], "status resolved");
        same(await ids({ sessionId: A, status: "abandoned" }), [i4], "status abandoned");
        same(await ids({ sessionId: A, status: "active" }), [i2], "status active");
        same(await ids({ sessionId: A, file: auth }), [i1], "file filter (whole entry)");
        same(await ids({ sessionId: A, file: "auth.ts" }), [], "file filter with a bare name");
        const rows = ok(await call(target, "intent.query", { sessionId: A }), "query") as any[];
        const r1 = rows.find((r) => r.intentId === i1);
        const r2 = rows.find((r) => r.intentId === i2);
        same(
          [r1.files, JSON.parse(r1.symbols), r1.startByte ?? null, r1.endByte ?? null],
          [`,${auth},${routes},`, [], null, null],
          "stored form of a file-level intent",
        );
        const range = byteRange("ranges.py:beta");
        same(
          [r2.files, JSON.parse(r2.symbols), r2.startByte, r2.endByte],
          [`,${py},`, ["beta"], range.startByte, range.endByte],
          "stored form of a one-symbol intent (byte range of beta)",
        );
      });
    },
  },
];
