// BROKEN on purpose: a repeated block_start resets its index's seq, so stale and replayed deltas
// after it apply. Emulated by shifting every later delta's seq above all seqs seen at that index.
import { runPatchedFold } from "./_wrap.js";

const open = new Set<unknown>();
const offset = new Map<unknown, number>();
const highest = new Map<unknown, number>();
await runPatchedFold({
  mapEvent: (e) => {
    if (e?.type === "block_start") {
      if (open.has(e.index)) offset.set(e.index, (highest.get(e.index) ?? -1) + 1);
      open.add(e.index);
    }
    if (e?.type === "block_delta" && typeof e.seq === "number") {
      e.seq += offset.get(e.index) ?? 0;
      highest.set(e.index, Math.max(highest.get(e.index) ?? -1, e.seq));
    }
    return [e];
  },
});
