/** A change kind of `contract-suite diff`: a unit with an id, the direction rule it follows, a default level and a doc. */
export type KindLevel = "breaking" | "needs-review" | "compatible" | "by-proof";

export interface ChangeKind {
  id: string;
  /** Which family module declares it. */
  family: "payload" | "openrpc" | "openapi" | "document" | "annotation";
  /**
   * `surface`: judged in the direction of the surface it sits on (requests: old ⊆ new; responses: new ⊆ old);
   * `request`/`response`: always that side of the wire; `none`: no payload is affected.
   */
  direction: "surface" | "request" | "response" | "none";
  /**
   * Default level: a fixed verdict, or `by-proof` (breaking with a checked counterexample when it
   * narrows what the direction protects, needs-review when only structurally refuted or undecided,
   * compatible otherwise).
   */
  level: KindLevel;
  doc: string;
}

export const kind =
  (family: ChangeKind["family"], direction: ChangeKind["direction"], level: KindLevel) =>
  (id: string, doc: string): ChangeKind => ({ id, family, direction, level, doc });
