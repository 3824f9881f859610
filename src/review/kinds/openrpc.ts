/** OpenRPC kinds: methods, params and declared errors. */
import { kind, type ChangeKind } from "./kind.js";

export const OPENRPC_KINDS: ChangeKind[] = [
  kind(
    "openrpc",
    "request",
    "breaking",
  )("method-removed", "a method is gone: its requests fail with METHOD_NOT_FOUND (shown with a request envelope)"),
  kind("openrpc", "request", "compatible")("method-added", "a new method"),
  kind(
    "openrpc",
    "request",
    "by-proof",
  )("param-removed", "a by-name param is no longer accepted (OpenAPI parameters: `parameter-*`)"),
  kind("openrpc", "request", "by-proof")("param-added", "a new param"),
  kind("openrpc", "request", "by-proof")("param-renamed", "a param removed and another added with the same schema"),
  kind("openrpc", "request", "by-proof")("param-required", "a param becomes required"),
  kind("openrpc", "request", "by-proof")("param-optional", "a param becomes optional"),
  kind(
    "openrpc",
    "response",
    "breaking",
  )("error-added", "a method may return a (code, message) pair the old contract does not declare"),
  kind("openrpc", "response", "compatible")("error-removed", "a declared error is gone (responses may only narrow)"),
  kind(
    "openrpc",
    "request",
    "needs-review",
  )("param-structure-changed", "`paramStructure` changed (compatible when it becomes `either`)"),
];
