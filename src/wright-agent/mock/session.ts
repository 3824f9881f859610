/**
 * Program generations and freshness. Every program-reading request calls `program()`: the fixture
 * file is fingerprinted (SHA-256 of its bytes) and reloaded when it changed. Each adoption (the
 * initial load, a content-changing reload, a recovery after a failed load) increments the
 * generation; a failed load drops the served program, so even byte-identical repaired input is a
 * fresh adoption. The previous program is never served while the input cannot load.
 */
import { ToolRefusal } from "../handlers.js";
import { FixtureParser, readFixtureBytes, type LoaderFailure } from "./fixture-load.js";
import { Program } from "./program.js";

export type LoadResult = { ok: true; program: Program } | LoaderFailure;

export class ProgramSession {
  private adopted = 0;
  private current: Program | undefined;

  constructor(
    readonly fixturePath: string,
    private readonly parser = new FixtureParser(),
  ) {}

  /** The generation of the served program; 0 before the first adoption. */
  get generation(): number {
    return this.adopted;
  }

  /** Loads (or keeps) the program; a failure is returned, not thrown (workflows report it in an envelope). */
  load(): LoadResult {
    const read = readFixtureBytes(this.fixturePath);
    if (!read.ok) return this.drop(read);
    if (this.current && this.current.fingerprint === read.fingerprint) return { ok: true, program: this.current };
    const parsed = this.parser.parse(read.bytes, this.fixturePath);
    if (!parsed.ok) return this.drop(parsed);
    // The parser accepted it: schema-valid and cross-checked (crossCheck), which covers every lookup
    // the constructor dereferences, so building cannot fail.
    const program = new Program(parsed.fixture, read.fingerprint, this.fixturePath);
    this.adopted++;
    this.current = program;
    return { ok: true, program };
  }

  /** The current program, or a refusal carrying the loader's code (snapshot queries). */
  program(): Program {
    const r = this.load();
    if (!r.ok) throw new ToolRefusal(r.code, r.message);
    return r.program;
  }

  private drop(failure: LoaderFailure): LoaderFailure {
    this.current = undefined;
    return failure;
  }
}
