/** Operation checks: the vocabulary (lookup, listEntries, locales). */
import { expect, SkipCheck, type Check } from "../harness/check.js";
import type { WrightAgentTarget } from "./target.js";
import { expectRefusal, list, needsOwnFixture, obj, sameJson, serviceTransport } from "./util.js";
import { type Obj, answer, items, type FixtureFacts } from "./ops-shared.js";

export const opsVocabulary: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-vocabulary",
  title: "listEntries pages through a kind in order; lookup's filters and limit; vocabulary refusals",
  doc: "listEntries: walking nextCursor page by page (pageSize 2) yields, in order and once each, exactly the entries of one big page, each page reporting the same total and the last a null nextCursor; within restricts; a cursor of another listing, or garbage, is invalid-cursor; a kind the language does not have is invalid-selection. lookup: at most limit entries, every one of the requested kind; an entry's own spelling finds it first; an unknown language is unknown-language and an unknown locale invalid-locale, on both operations.",
  async run(target) {
    const t = await serviceTransport(target, ["listEntries", "lookup", "capabilities"]);
    const language = String(list(obj(await answer(target, t, { op: "capabilities" })).languages)[0] ?? "workshop");
    const kinds = ["action", "value", "event", "enum", "operator"];
    let checked = 0;
    for (const kind of kinds) {
      const big = await target.call(t, { op: "listEntries", language, kind, pageSize: 500 });
      if (big.kind !== "result" || obj(big.value).unavailable !== undefined) continue;
      checked++;
      const everything = items(obj(big.value).entries);
      expect(
        obj(big.value).total === everything.length && obj(big.value).nextCursor === null,
        `listEntries ${kind} {pageSize: 500}: total ${String(obj(big.value).total)} for ${everything.length} entries, nextCursor ${String(obj(big.value).nextCursor)}`,
      );
      const walked: Obj[] = [];
      let cursor: unknown;
      for (let page = 0; page < 300; page++) {
        const p = await answer(target, t, {
          op: "listEntries",
          language,
          kind,
          pageSize: 2,
          ...(cursor === undefined ? {} : { cursor }),
        });
        const got = items(p.entries);
        expect(
          got.length <= 2 && p.total === everything.length,
          `listEntries ${kind} page ${page}: ${got.length} entries (pageSize 2), total ${String(p.total)}`,
          p,
        );
        walked.push(...got);
        cursor = p.nextCursor;
        if (cursor === null) break;
        expect(
          typeof cursor === "string" && got.length === 2,
          `listEntries ${kind} page ${page}: a page before the end is full and carries a string nextCursor`,
          p,
        );
      }
      expect(
        sameJson(walked, everything),
        `listEntries ${kind}: the pages walked (${walked.length} entries) are not the one big page (${everything.length})`,
      );
      const within = everything.map((e) => e.within).find((w) => typeof w === "string");
      if (typeof within === "string") {
        const w = await answer(target, t, { op: "listEntries", language, kind, within, pageSize: 500 });
        expect(
          sameJson(
            items(w.entries),
            everything.filter((e) => e.within === within),
          ),
          `listEntries ${kind} {within: ${within}} must keep exactly the entries within it`,
          w,
        );
      }
      if (everything.length > 2) {
        const first = await answer(target, t, { op: "listEntries", language, kind, pageSize: 1 });
        const other = kinds.find((k) => k !== kind) ?? "value";
        expectRefusal(
          await target.call(t, { op: "listEntries", language, kind: other, cursor: first.nextCursor }),
          ["invalid-cursor", "invalid-selection"],
          `listEntries ${other} with a cursor of the ${kind} listing`,
        );
      }
      expectRefusal(
        await target.call(t, { op: "listEntries", language, kind, cursor: "not a cursor" }),
        "invalid-cursor",
        `listEntries ${kind} with a garbage cursor`,
      );
      const limited = await answer(target, t, { op: "lookup", language, kind, limit: 2 });
      expect(
        items(limited.entries).length <= 2 && items(limited.entries).every((e) => e.kind === kind),
        `lookup {kind: ${kind}, limit: 2} must list at most 2 entries of that kind`,
        limited,
      );
      const probe = everything[everything.length - 1]!;
      const found = items((await answer(target, t, { op: "lookup", language, kind, query: probe.spelling })).entries);
      expect(
        found[0]?.identity === probe.identity,
        `lookup {query: ${String(probe.spelling)}} must find that entry first`,
        found.slice(0, 3),
      );
    }
    if (checked === 0) throw new SkipCheck(`listEntries serves none of ${kinds.join(", ")} for ${language}`);
    expectRefusal(
      await target.call(t, { op: "listEntries", language, kind: "\u0001noSuchKind" }),
      "invalid-selection",
      "listEntries of a kind the language does not have",
    );
    for (const op of ["lookup", "listEntries"]) {
      expectRefusal(
        await target.call(t, { op, language: "\u0001noSuchLanguage", kind: "action" }),
        ["unknown-language", "malformed-request"],
        `${op} of an unknown language`,
      );
      expectRefusal(
        await target.call(t, { op, language, kind: "action", locale: "zz-ZZ" }),
        "invalid-locale",
        `${op} in an unknown locale`,
      );
    }
  },
};

export const opsLocales: Check<WrightAgentTarget> = {
  id: "wright-agent/ops-locales",
  title: "(our fixture) lookup and listEntries report the requested locale's spellings",
  doc: "With our fixture's catalog: for each locale its entries spell, listEntries {locale} reports each entry's spellings in that locale as accepted and its first one as displayName (the default locale's, else the id, when the locale spells none), and lookup {locale} finds an entry by its spelling in that locale.",
  async run(target, ctx) {
    if (!needsOwnFixture(target, ctx)) return;
    const t = await serviceTransport(target, ["lookup", "listEntries"]);
    const f = JSON.parse(target.config.fixture!.text) as FixtureFacts;
    const fallback = f.catalog.defaultLocale ?? "en-US";
    for (const [language, lang] of Object.entries(f.catalog.languages)) {
      if (lang.unavailable !== undefined) continue;
      const locales = [...new Set(lang.entries.flatMap((e) => Object.keys(e.spellings)))].filter((l) => l !== fallback);
      for (const locale of locales) {
        const kinds = [...new Set(lang.entries.map((e) => e.kind))];
        for (const kind of kinds) {
          const got = items(
            (await answer(target, t, { op: "listEntries", language, kind, locale, pageSize: 500 })).entries,
          ).map((e) => [e.identity, e.displayName, e.accepted]);
          const want = lang.entries
            .filter((e) => e.kind === kind)
            .map((e) => [
              e.id,
              e.spellings[locale]?.[0] ?? e.spellings[fallback]?.[0] ?? e.id,
              e.spellings[locale] ?? [],
            ]);
          expect(
            sameJson(got, want),
            `listEntries ${language} ${kind} {locale: ${locale}} must report that locale's spellings`,
            { got: got.slice(0, 3), want: want.slice(0, 3) },
          );
        }
        const spelled = lang.entries.find((e) => (e.spellings[locale] ?? []).length > 0);
        if (spelled) {
          const found = items(
            (
              await answer(target, t, {
                op: "lookup",
                language,
                kind: spelled.kind,
                locale,
                query: spelled.spellings[locale]![0],
              })
            ).entries,
          );
          expect(
            found[0]?.identity === spelled.id && found[0]?.displayName === spelled.spellings[locale]![0],
            `lookup {locale: ${locale}, query: ${spelled.spellings[locale]![0]}} must find ${spelled.id} first, spelled in that locale`,
            found.slice(0, 2),
          );
        }
      }
    }
  },
};
