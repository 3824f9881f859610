// BROKEN on purpose: reads "/items/01" as "/items/1" (RFC 6901 forbids leading zeros in array indices).
import { runPatchedFold } from "./_wrap.js";

await runPatchedFold({
  mapEvent: (e) => {
    if (e?.type === "block_delta" && typeof e.delta?.path === "string") {
      e.delta.path = e.delta.path.replace(/\/0+(\d)(?=\/|$)/g, "/$1");
    }
    return [e];
  },
});
