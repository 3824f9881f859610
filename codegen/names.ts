/** Identifier helpers live below codegen and review (src/schema), which both use them; codegen keeps its import path. */
export * from "../src/schema/names.js";
