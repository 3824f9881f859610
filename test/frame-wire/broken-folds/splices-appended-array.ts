// BROKEN on purpose: element_append of an array value splices its elements in one by one.
// Seqs are rescaled (seq * 1024 + k) so the spliced pieces keep the stream's seq order.
import { runPatchedFold } from "./_wrap.js";

await runPatchedFold({
  mapEvent: (e) => {
    if (e?.type !== "block_delta" || typeof e.seq !== "number") return [e];
    const seq = e.seq * 1024;
    if (e.delta?.op === "element_append" && Array.isArray(e.delta.value)) {
      return e.delta.value.map((value: unknown, k: number) => ({ ...e, seq: seq + k, delta: { ...e.delta, value } }));
    }
    return [{ ...e, seq }];
  },
});
