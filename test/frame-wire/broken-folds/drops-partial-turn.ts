// BROKEN on purpose: on abort it returns an empty turn instead of the partial one (the 1.2.0 behaviour).
import { runPatchedFold } from "./_wrap.js";

await runPatchedFold({
  mapOutcome: (o) => {
    if (o.abort === null) return o;
    return {
      turn: {
        blocks: [],
        tool_calls: [],
        finish_reason: null,
        error_code: o.turn.error_code,
        error_message: o.turn.error_message,
      },
      abort: o.abort,
    };
  },
});
