/** Annotation kinds: edits that change no instance's validity. */
import { kind, type ChangeKind } from "./kind.js";

const a = kind("annotation", "none", "compatible");

export const ANNOTATION_KINDS: ChangeKind[] = [
  a("description-changed", "a description was added, edited or removed"),
  a("summary-changed", "a summary was added, edited or removed"),
  a("title-changed", "a title was added, edited or removed"),
  a("comment-changed", "a `$comment` was added, edited or removed"),
  a("examples-changed", "`examples` changed"),
  a("example-changed", "an OpenAPI `example` changed"),
  a("deprecated", "something was marked deprecated"),
  a("undeprecated", "a deprecation was lifted"),
  kind(
    "annotation",
    "surface",
    "breaking",
  )(
    "default-changed",
    "a `default` changed: breaking on data clients send (an omitted value now behaves differently), needs-review elsewhere",
  ),
];
