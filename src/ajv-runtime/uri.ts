// ajv's `uri` runtime helper, re-exported for validators generated for anyone's contracts (see ucs2length.ts).
export { default } from "ajv/dist/runtime/uri.js";
