/**
 * Compile workflow checks (the mock's: src/wright-agent/mock/compile.ts): the seed's "Compile output (ADR-0025)" rules,
 * which the suite only tested on the branch where a compile had already succeeded. With our fixture
 * only (the suite knows its sources, locales and vocabulary): that the project compiles, where the
 * file goes, force, the input never overwritten (also by another spelling of its path), a failed
 * compile leaving the working directory as it was, and the output locale's spellings.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync } from "node:fs";
import { basename, extname, isAbsolute, join } from "node:path";
import { operationEntry } from "../../src/wright-agent/contract.js";
import { StdioChannel } from "../../src/wright-agent/client/index.js";
import { describeErrors } from "../../src/json/index.js";
import { expect, fail, SkipCheck, type Check } from "../harness/check.js";
import type { Transport, WrightAgentTarget } from "./target.js";
import { expectResult, list, needsOwnFixture, obj, serviceTransport, sha256Hex } from "./util.js";

type Obj = Record<string, unknown>;
type Entry = { id: string; spellings: Record<string, string[]> };
interface Facts {
  fixture: Obj & {
    project: { entry: string; locales: { input: string; declared: string[] } };
    sources: { path: string; text: string }[];
    catalog: { languages: Record<string, { entries: Entry[] }> };
    diagnostics?: {
      code: string;
      severity: string;
      message?: string;
      span?: { file: string; start: { line: number; column: number }; end: { line: number; column: number } } | null;
    }[];
  };
  cwd: string;
  input: string;
  declared: string[];
  /** Vocabulary entries the sources spell (input locale's canonical spelling, whole words). */
  used: Entry[];
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const spells = (text: string, spelling: string) => new RegExp(`(?<![\\w])${escapeRe(spelling)}(?![\\w])`).test(text);

function facts(target: WrightAgentTarget): Facts {
  const fixture = JSON.parse(target.config.fixture!.text) as Facts["fixture"];
  const { input, declared } = fixture.project.locales;
  const entries = fixture.catalog.languages.workshop?.entries ?? [];
  const used = entries.filter(
    (e) =>
      e.spellings[input]?.[0] !== undefined && fixture.sources.some((s) => spells(s.text, e.spellings[input]![0]!)),
  );
  return { fixture, cwd: target.config.cwd, input, declared, used };
}

/** A compile envelope that validates against CompileResult (refusals and protocol errors fail). */
function envelope(o: unknown, what: string): Obj {
  const value = expectResult(o as Parameters<typeof expectResult>[0], what);
  const validate = operationEntry("compile")!.validateResult;
  if (!validate(value))
    fail(
      `${what}: the envelope violates CompileResult: ${describeErrors(validate.errors).slice(0, 5).join("; ")}`,
      value,
    );
  return value as Obj;
}

const codes = (env: Obj) => list(env.diagnostics).map((d) => obj(d).code);
const listing = (dir: string) => readdirSync(dir).sort().join("\n");

/** A succeeded compile: ok, exit 0, output.written_to names `file` and output.sha256 is its bytes' hash. */
function expectWritten(env: Obj, file: string, what: string): string {
  expect(
    env.ok === true && env.exit === 0,
    `${what} must succeed (ok, exit 0): our fixture has no error and every mapping of its locale`,
    env,
  );
  const out = obj(obj(env.result).output);
  const to = String(out.written_to);
  expect(
    isAbsolute(to) && existsSync(to) && realpathSync(to) === realpathSync(file),
    `${what}: output.written_to must be the absolute path of ${file}`,
    out,
  );
  expect(statSync(to).isFile(), `${what}: output.written_to must name a file`, out);
  const bytes = readFileSync(to);
  expect(out.sha256 === sha256Hex(bytes), `${what}: output.sha256 must be the SHA-256 of the written bytes`, out);
  return bytes.toString("utf8");
}

/** A failed compile: not ok, non-zero exit (or `exit`), `code` among its diagnostics, no output member, the working directory unchanged. */
function expectRefused(env: Obj, code: string, before: string, cwd: string, what: string, exit?: number): void {
  expect(
    env.ok === false && (exit === undefined ? env.exit !== 0 : env.exit === exit),
    `${what} must fail (ok false, exit ${exit ?? "non-zero"})`,
    env,
  );
  expect(codes(env).includes(code), `${what} must report ${code}`, env.diagnostics);
  expect(obj(env.result).output === undefined, `${what} writes nothing, so it reports no output`, env.result);
  expect(
    listing(cwd) === before,
    `${what}: a failed compile writes no file (the working directory holds what it held)`,
    { before, after: listing(cwd) },
  );
}

export const compileOutput: Check<WrightAgentTarget> = {
  id: "wright-agent/compile-output",
  title:
    "(our fixture) compile writes the program where asked, replaces only with force, never its input, and a failure leaves no file",
  doc: "Seed, Compile output: compile writes the program to a file and answers output.written_to and output.sha256; without output the program goes to <entry stem>.ow in the service's working directory; an existing file is replaced only with force: true (else output-exists, exit 2); the input is never overwritten, even with force (output-is-input, exit 2), by any spelling of its path (through a symlinked directory too); a failed compile writes no file (nothing left in the directory, no temporary either). Every envelope validates against CompileResult. Our fixture compiles (no error diagnostic), and compile reports its diagnostics where the fixture places them.",
  async run(target, ctx) {
    if (!needsOwnFixture(target, ctx)) return;
    const t = await serviceTransport(target, ["compile", "project"]);
    const f = facts(target);
    const { cwd } = f;
    const call = async (req: Obj, what: string) => envelope(await target.call(t, { op: "compile", ...req }), what);
    const tag = `${process.pid}-${Date.now()}`;
    const made: string[] = [];
    try {
      // Default output: <entry stem>.ow in the working directory (forced: another check may have written it).
      const entry = f.fixture.project.entry;
      const stemFile = join(cwd, `${basename(entry, extname(entry))}.ow`);
      const hadDefault = existsSync(stemFile);
      const d = await call({ force: true }, "compile {force: true} without output");
      if (!hadDefault) made.push(stemFile);
      const text = expectWritten(d, stemFile, "compile without output");
      for (const e of f.used)
        expect(
          spells(text, e.spellings[f.input]![0]!),
          `compile in the input locale emits the program: the source spells ${e.spellings[f.input]![0]}, the file does not`,
          text.slice(0, 400),
        );
      // The fixture's diagnostics are the program's: compile reports each, at its span.
      for (const fd of f.fixture.diagnostics ?? []) {
        const got = list(d.diagnostics)
          .map(obj)
          .find((x) => x.code === fd.code);
        expect(
          got !== undefined && got.severity === fd.severity,
          `compile must report the program's ${fd.severity} ${fd.code}`,
          d.diagnostics,
        );
        if (fd.span) {
          const s = obj(got!.span);
          expect(
            obj(s.start).line === fd.span.start.line &&
              obj(s.start).col === fd.span.start.column &&
              obj(s.end).line === fd.span.end.line &&
              obj(s.end).col === fd.span.end.column &&
              (s.path === undefined || s.path === fd.span.file),
            `compile's ${fd.code} must carry the span our fixture gives it (${fd.span.file} ${fd.span.start.line}:${fd.span.start.column})`,
            got,
          );
        }
      }

      // A new file, then the same file without force, then with force.
      const out = `conformance-compile-${tag}.ow`;
      const file = join(cwd, out);
      made.push(file);
      const first = expectWritten(
        await call({ output: out }, `compile {output: ${out}}`),
        file,
        `compile {output: ${out}}`,
      );
      let before = listing(cwd);
      expectRefused(
        await call({ output: out }, "a repeat compile without force"),
        "output-exists",
        before,
        cwd,
        "a repeat compile without force",
        2,
      );
      expect(readFileSync(file, "utf8") === first, "output-exists must leave the existing file as it was");
      expectWritten(
        await call({ output: out, force: true }, "a repeat compile with force"),
        file,
        "a repeat compile with force: true",
      );

      // The input, by its own path, and through a symlinked directory, even with force.
      const fixturePath = target.config.fixture!.path;
      const link = join(cwd, `conformance-link-${tag}`);
      symlinkSync(realpathSync(cwd), link, "dir");
      made.push(link);
      const spelled = [
        entry,
        ...(fixturePath.startsWith(cwd)
          ? [fixturePath.slice(cwd.length + 1), join(basename(link), fixturePath.slice(cwd.length + 1))]
          : []),
      ];
      for (const o of spelled) {
        before = listing(cwd);
        expectRefused(
          await call({ output: o, force: true }, `compile {output: ${o}, force: true}`),
          "output-is-input",
          before,
          cwd,
          `compile onto the input ${o} (force: true)`,
          2,
        );
        expect(
          readFileSync(fixturePath, "utf8") === target.config.fixture!.text,
          `compile onto the input ${o} changed the fixture`,
        );
      }

      // Failures to write: a directory in the way, a directory that does not exist.
      const dir = join(cwd, `conformance-dir-${tag}.ow`);
      mkdirSync(dir);
      made.push(dir);
      for (const o of [basename(dir), join(`conformance-missing-${tag}`, "x.ow")]) {
        before = listing(cwd);
        const env = await call({ output: o, force: true }, `compile {output: ${o}, force: true}`);
        if (env.ok === true) expectWritten(env, join(cwd, o), `compile {output: ${o}}`);
        else {
          expect(
            env.exit !== 0 &&
              list(env.diagnostics).some((x) => obj(x).severity === "error") &&
              obj(env.result).output === undefined,
            `a compile that cannot write ${o} must fail with an error diagnostic and no output`,
            env,
          );
          expect(
            listing(cwd) === before,
            `a compile that cannot write ${o} writes no file (the working directory holds what it held)`,
            { before, after: listing(cwd) },
          );
        }
      }
    } finally {
      for (const p of made) rmSync(p, { recursive: true, force: true });
    }
  },
};

export const compileLocales: Check<WrightAgentTarget> = {
  id: "wright-agent/compile-locales",
  title:
    "(our fixture) compile's to: the target locale's spellings, missing-mapping and invalid-locale writing nothing",
  doc: "Seed, Compile output: to selects the Workshop output locale independently of the input locale: the emitted text uses the target locale's spellings while the loaded input is unchanged; an undeclared locale fails with invalid-locale (exit 2); a declared locale missing mappings for the program fails with missing-mapping and writes nothing (no fallback). Our fixture declares a locale spelling every entry the sources use (de-DE) and one that lacks some (fr-FR: Wait, Count Of).",
  async run(target, ctx) {
    if (!needsOwnFixture(target, ctx)) return;
    const t = await serviceTransport(target, ["compile", "project"]);
    const f = facts(target);
    const { cwd } = f;
    const call = async (req: Obj, what: string) => envelope(await target.call(t, { op: "compile", ...req }), what);
    const identity = async () => obj(expectResult(await target.call(t, { op: "project" }), "project")).inputIdentity;
    const tag = `${process.pid}-${Date.now()}`;
    const full = f.declared.find((l) => l !== f.input && f.used.every((e) => e.spellings[l]?.length));
    const lacking = f.declared.find((l) => f.used.some((e) => !e.spellings[l]?.length));
    if (full === undefined || lacking === undefined || f.used.length === 0)
      throw new SkipCheck("the fixture declares no locale pair to compare");
    const made: string[] = [];
    try {
      const id0 = await identity();
      const out = `conformance-${full}-${tag}.ow`;
      made.push(join(cwd, out));
      const env = await call({ output: out, to: full }, `compile {to: ${full}}`);
      const text = expectWritten(env, join(cwd, out), `compile {to: ${full}}`);
      expect(
        obj(obj(env.result).output).locale === full,
        `compile {to: ${full}} reports output.locale ${full}`,
        env.result,
      );
      for (const e of f.used) {
        const want = e.spellings[full]![0]!;
        expect(
          text.includes(want),
          `compile {to: ${full}} must spell ${e.id} as ${want} (the source spells it ${e.spellings[f.input]![0]})`,
          text.slice(0, 600),
        );
      }
      expect(
        (await identity()) === id0 && readFileSync(target.config.fixture!.path, "utf8") === target.config.fixture!.text,
        `compile {to: ${full}} must leave the loaded input unchanged`,
      );

      let before = listing(cwd);
      const missing = f.used.filter((e) => !e.spellings[lacking]?.length).map((e) => e.id);
      expectRefused(
        await call({ output: `conformance-${lacking}-${tag}.ow`, to: lacking }, `compile {to: ${lacking}}`),
        "missing-mapping",
        before,
        cwd,
        `compile {to: ${lacking}} (no mapping for ${missing.join(", ")})`,
      );
      const undeclared = ["zz-ZZ", "xx-XX"].find((l) => !f.declared.includes(l))!;
      before = listing(cwd);
      expectRefused(
        await call({ output: `conformance-${undeclared}-${tag}.ow`, to: undeclared }, `compile {to: ${undeclared}}`),
        "invalid-locale",
        before,
        cwd,
        `compile {to: ${undeclared}} (not declared)`,
        2,
      );
    } finally {
      for (const p of made) rmSync(p, { force: true });
    }
  },
};

/** A fresh stdio session (a new server process: the static catalog is read when a service starts). */
async function freshCompile(target: WrightAgentTarget, requests: Obj[]): Promise<unknown[]> {
  const ch = StdioChannel.spawn(target.command("stdio"), {
    cwd: target.config.cwd,
    env: target.config.env,
    timeoutMs: target.config.timeoutMs ?? 30_000,
  });
  try {
    await ch.send({ op: "capabilities" });
    const out: unknown[] = [];
    for (const r of requests) {
      const reply = await ch.send({ op: "compile", ...r } as { op: string });
      out.push("result" in reply ? { kind: "result", value: reply.result } : { kind: "refusal", error: reply.error });
    }
    return out;
  } finally {
    await ch.close();
  }
}

const PROBE_SOURCE = "conformance-probe.ws";

export const compileFixtureVariants: Check<WrightAgentTarget> = {
  id: "wright-agent/compile-fixture-variants",
  title:
    "(our fixture) compile over fixture variants: an error, no diagnostics, a vocabulary with overlapping and bracketed spellings, none at all",
  doc: "With our fixture edited on disk (restored after): a program with an error diagnostic fails compile (ok false, exit non-zero, the error reported) and writes nothing; a fixture without diagnostics compiles. The vocabulary (the fixture's catalog, read when a service starts, so over a fresh stdio session) decides the output locale's spellings: with an entry spelled Wait Until beside Wait, the whole spelling is translated (Warten bis, never Warten Until); a spelling with brackets is matched as written; an entry the input locale does not spell changes nothing; a catalog without a Workshop vocabulary has no mapping to miss: compile succeeds in every declared locale and emits the statements as spelled (a source saying undefined included).",
  async run(target, ctx) {
    if (!needsOwnFixture(target, ctx)) return;
    const t = await serviceTransport(target, ["compile", "project"]);
    const f = facts(target);
    const { cwd } = f;
    const call = async (req: Obj, what: string) => envelope(await target.call(t, { op: "compile", ...req }), what);
    const tag = `${process.pid}-${Date.now()}`;
    const write = (change: (x: Facts["fixture"]) => void) => {
      const x = structuredClone(f.fixture);
      change(x);
      target.writeFixture(JSON.stringify(x));
    };
    const made: string[] = [];
    try {
      write((x) =>
        x.diagnostics!.push({
          code: "conformance-probe-error",
          severity: "error",
          message: "an error the suite put here",
          span: null,
        }),
      );
      const before = listing(cwd);
      expectRefused(
        await call({ output: `conformance-error-${tag}.ow` }, "compile of a program with an error"),
        "conformance-probe-error",
        before,
        cwd,
        "compile of a program with an error diagnostic",
      );

      write((x) => delete x.diagnostics);
      const quiet = `conformance-quiet-${tag}.ow`;
      made.push(join(cwd, quiet));
      const env = await call({ output: quiet }, "compile of a fixture without diagnostics");
      expectWritten(env, join(cwd, quiet), "compile of a fixture without diagnostics");
      expect(list(env.diagnostics).length === 0, "a program without diagnostics compiles without any", env.diagnostics);

      const other = f.declared.find((l) => l !== f.input && f.used.every((e) => e.spellings[l]?.length));
      if (other === undefined || !target.transports.includes("stdio"))
        return ctx.log("vocabulary variants need a second fully mapped locale and stdio");
      const probe = 'rule("Conformance probe")\n{\n\tactions\n\t{\n\t\tWait Until(Probe [Value], 1);\n\t}\n}\n';
      write((x) => {
        x.sources.push({ path: PROBE_SOURCE, text: probe });
        const entries = x.catalog.languages.workshop!.entries;
        entries.push(
          {
            id: "conformance-wait-until",
            kind: "action",
            spellings: { [f.input]: ["Wait Until"], [other]: ["Warten bis"] },
          } as Entry,
          {
            id: "conformance-bracketed",
            kind: "value",
            spellings: { [f.input]: ["Probe [Value]"], [other]: ["Sonde [Wert]"] },
          } as Entry,
          { id: "conformance-unspelled", kind: "value", spellings: { [other]: ["Nur hier"] } } as Entry,
        );
      });
      const vocab = `conformance-vocabulary-${tag}.ow`;
      made.push(join(cwd, vocab));
      const [v] = await freshCompile(target, [{ output: vocab, to: other }]);
      const text = expectWritten(
        envelope(v, `compile {to: ${other}} with the probe vocabulary`),
        join(cwd, vocab),
        `compile {to: ${other}} with the probe vocabulary`,
      );
      expect(
        text.includes("Warten bis(Sonde [Wert], 1)") && !text.includes("Warten Until"),
        `the longest spelling is translated whole: Wait Until(Probe [Value], 1) must become Warten bis(Sonde [Wert], 1) in ${other}`,
        text.slice(text.indexOf("Conformance probe") - 40),
      );

      write((x) => {
        x.sources.push({ path: PROBE_SOURCE, text: "// undefined is a word like any other\n" + probe });
        delete x.catalog.languages.workshop;
      });
      const bare = [`conformance-bare-${tag}.ow`, `conformance-bare-${other}-${tag}.ow`];
      made.push(...bare.map((b) => join(cwd, b)));
      const replies = await freshCompile(target, [{ output: bare[0] }, { output: bare[1], to: other }]);
      for (const [i, r] of replies.entries()) {
        const what = `compile${i ? ` {to: ${other}}` : ""} with no Workshop vocabulary`;
        const out = expectWritten(envelope(r, what), join(cwd, bare[i]!), what);
        expect(
          out.includes("Wait Until(Probe [Value], 1)"),
          `${what}: nothing translates the probe's statement, so it is emitted as spelled`,
          out.slice(out.indexOf("Conformance probe") - 40),
        );
      }
    } finally {
      target.restoreFixture();
      for (const p of made) rmSync(p, { force: true });
    }
  },
};

export const powerCompileChecks: Check<WrightAgentTarget>[] = [compileOutput, compileLocales, compileFixtureVariants];
