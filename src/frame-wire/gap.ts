/**
 * The block_start_index_gap check and its message, whose pattern is part of the contract
 * (docs/frame-wire.md): it is the only place the sender's real indices survive, because the
 * turn's blocks close up over a gap.
 *
 *   block indices not contiguous from 0: opened <opened>; missing <missing>
 *
 * <opened> lists every opened index ascending, joined by ", ". <missing> lists the maximal runs of
 * unopened indices below the largest opened one, ascending, joined by ", ": a run of one index is
 * "a", a longer run is "a-b". Numbers are written as JSON writes them.
 * Example: opened 2 and 5 -> "block indices not contiguous from 0: opened 2, 5; missing 0-1, 3-4".
 */

/** The gap message for ascending, distinct opened indices; null when they are contiguous from 0. */
export function gapMessage(opened: readonly number[]): string | null {
  const n = opened.length;
  if (n === 0 || opened[n - 1] === n - 1) return null;
  const runs: string[] = [];
  let next = 0;
  for (const index of opened) {
    if (index > next) runs.push(index - 1 === next ? String(next) : `${next}-${index - 1}`);
    next = index + 1;
  }
  return `block indices not contiguous from 0: opened ${opened.join(", ")}; missing ${runs.join(", ")}`;
}
