/** The bundler lives below codegen and review (src/schema), which both use it; codegen keeps its import path. */
export * from "../src/schema/bundle.js";
