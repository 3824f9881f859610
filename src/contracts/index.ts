export * from "./registry.js";
export * from "./load.js";
export * from "./problem.js";
export * from "./refs.js";
export * from "./validate.js";
export * from "./contract.js";
export * from "./root.js";
export * from "./parse.js";
