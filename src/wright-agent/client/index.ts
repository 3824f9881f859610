/** The typed wright-agent/v1 client and its transport channels. */
export * from "./client.js";
export * from "./channels.js";
export { LineProcess, commandLine, type Command, type SpawnOptions } from "./process.js";
