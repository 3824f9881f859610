/** One change a diff reports, and its verdict (diff.ts and the OpenAPI change rules share these). */
import type { Direction } from "./model.js";

export type Verdict = "breaking" | "compatible" | "needs-review";

export interface Counterexample {
  /** The payload itself: valid under `valid`, invalid under `invalid`. */
  payload: unknown;
  valid: "old" | "new";
  invalid: "old" | "new";
  /** The first error of the version that rejects it (ajv 2020). */
  error: string;
}

export interface Change {
  /** Location in the new document (the old one when the thing is gone). */
  path: string;
  kind: string;
  direction: Direction | "none";
  verdict: Verdict;
  evidence: string;
  counterexample?: Counterexample;
  /** The payload surface(s) the change affects. */
  surfaces?: string[];
  /** Instance path inside the payload where the difference sits. */
  at?: string;
}
