/** One defect found in a contract document: where it is and which rule it breaks. */
export interface Problem {
  /** Absolute (or registry-relative, when reported) file path. */
  file: string;
  /** RFC 6901 pointer into that file; "" for the whole document. */
  pointer: string;
  /** The rule broken, e.g. "metaschema:required" or "unresolved-ref". */
  rule: string;
  message: string;
}
