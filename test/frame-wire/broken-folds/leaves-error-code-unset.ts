// BROKEN on purpose: on abort the turn carries error_message but not error_code.
import { runPatchedFold } from "./_wrap.js";

await runPatchedFold({
  mapOutcome: (o) => {
    delete o.turn.error_code;
    return o;
  },
});
