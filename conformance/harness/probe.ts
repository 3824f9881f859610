/**
 * The target pre-check of `conform`: before a suite runs, its target is asked once whether it
 * starts, answers and speaks the protocol. A target that does not is a mistake in how `conform`
 * was called (a wrong --target, --socket or --endpoint), so runConformance stops the run with one
 * line and exit 2 (a UsageError) instead of failing every check with the same spawn or connection error.
 */
/** What a probe found wrong with a target, in one line (undefined: it is usable). */
export type ProbeProblem = string | undefined;

/** One line of something a target printed or threw, bounded (a target's output is untrusted). */
export function oneLine(text: string, max = 200): string {
  const line =
    text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean)
      .pop() ?? "";
  // Control characters would let a target's output forge our own report lines.
  const clean = line.replace(/[\u0000-\u001f\u007f-\u009f]/g, " ");
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

export function errorLine(e: unknown): string {
  return oneLine(e instanceof Error ? e.message : String(e));
}
