// ajv-formats' format table, re-exported for generated validators (see ucs2length.ts).
export * from "ajv-formats/dist/formats.js";
