/** The draft of an annotation edit that changes no instance's validity (descriptions, titles, examples...). */
import type { AnnotationEdit } from "../../engine/annotations.js";
import type { Draft } from "../kind.js";

export function annotationEdit(e: AnnotationEdit, keyword: string, kind: string): Draft[] {
  if (e.keyword !== keyword) return [];
  const what = e.old === undefined ? "added" : e.new === undefined ? "removed" : "edited";
  return [
    {
      kind,
      verdict: "compatible",
      direction: "none",
      path: `#${e.pointer}`,
      gone: e.new === undefined,
      subject: what,
      evidence: `${keyword} ${what}`,
      reaches: [],
    },
  ];
}
