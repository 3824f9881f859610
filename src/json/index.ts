export * from "./json-value.js";
export * from "./safe-parse.js";
export * from "./pointer.js";
export * from "./validator.js";
