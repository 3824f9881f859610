/** Document-level kinds: definitions and the document kind itself. */
import { kind, type ChangeKind } from "./kind.js";

export const DOCUMENT_KINDS: ChangeKind[] = [
  kind(
    "document",
    "surface",
    "breaking",
  )("definition-removed", "a definition is gone: documents and code referencing it break (no payload can show it)"),
  kind("document", "none", "compatible")("definition-added", "a new definition"),
  kind(
    "document",
    "none",
    "compatible",
  )("definition-renamed", "a definition lives on under another name with the same instances, proved both ways"),
  kind(
    "document",
    "none",
    "needs-review",
  )("document-kind-changed", "the document changed kind (e.g. JSON Schema to OpenAPI); compared where surfaces match"),
];
