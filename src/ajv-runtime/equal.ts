// ajv's `equal` runtime helper, re-exported for validators generated for anyone's contracts (see ucs2length.ts).
export { default } from "ajv/dist/runtime/equal.js";
