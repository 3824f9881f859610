// ajv's `ucs2length` helper, re-exported so validators generated for anyone's contracts import
// `@contract-suite/runtime/ajv/ucs2length.js` and need no direct dependency on ajv's internal paths.
export { default } from "ajv/dist/runtime/ucs2length.js";
