// BROKEN on purpose: applies a block_delta whose block_id does not match the open block.
import { runPatchedFold } from "./_wrap.js";

const openIds = new Map<unknown, unknown>();
await runPatchedFold({
  mapEvent: (e) => {
    if (e?.type === "block_start") openIds.set(e.index, e.block_id);
    if (e?.type === "block_delta" && openIds.has(e.index)) e.block_id = openIds.get(e.index);
    return [e];
  },
});
