// Loaded with `node --import`: records every bare package specifier the process resolves into
// the file named by RESOLVE_LOG (one per line), so tests can assert what a command loads.
import { register } from "node:module";
register("./record-resolves-hook.mjs", import.meta.url, { data: { log: process.env.RESOLVE_LOG } });
