export * from "./errors.js";
export * from "./types.js";
export * from "./engine.js";
export * from "./client.js";
export * from "./loopback.js";
