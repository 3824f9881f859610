/** The shape of one survivor argument (index.ts says what each kind means); the area lists import it from here. */
export type ArgumentKind = "equivalent" | "own choice" | "not a protocol behaviour" | "gap";

export interface SurvivorArgument {
  kind: ArgumentKind;
  title: string;
  why: string;
}
