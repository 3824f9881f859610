/** OpenAPI kinds beyond payload schemas: operations, bodies, statuses, media types, serialization, security. */
import { kind, type ChangeKind } from "./kind.js";

export const OPENAPI_KINDS: ChangeKind[] = [
  kind(
    "openapi",
    "request",
    "breaking",
  )("operation-removed", "an operation is gone (path templates compared up to parameter names)"),
  kind("openapi", "request", "compatible")("operation-added", "a new operation"),
  kind("openapi", "surface", "breaking")("request-media-type-removed", "a request media type is no longer accepted"),
  kind("openapi", "surface", "compatible")("request-media-type-added", "a new request media type is accepted"),
  kind(
    "openapi",
    "request",
    "breaking",
  )("request-body-required", "`requestBody.required` becomes true: requests without a body are refused"),
  kind(
    "openapi",
    "request",
    "breaking",
  )("request-body-added-required", "a required request body appears where there was none"),
  kind("openapi", "request", "compatible")("request-body-optional", "the request body becomes optional"),
  kind(
    "openapi",
    "response",
    "breaking",
  )("response-removed", "a documented response status is gone; clients handling it lose its contract"),
  kind("openapi", "response", "needs-review")("response-added", "a new response status a client may now receive"),
  kind(
    "openapi",
    "response",
    "breaking",
  )("response-media-type-removed", "a response media type of a kept status is gone"),
  kind(
    "openapi",
    "response",
    "needs-review",
  )("response-media-type-added", "a new response media type of an existing status"),
  kind(
    "openapi",
    "surface",
    "needs-review",
  )(
    "non-json-schema-changed",
    "the schema of a non-JSON media type (XML, form, text) changed; not judged with JSON payloads",
  ),
  kind(
    "openapi",
    "request",
    "by-proof",
  )(
    "parameter-removed",
    "a path, query, header or cookie parameter is no longer accepted (each location's parameters are a closed object)",
  ),
  kind("openapi", "request", "by-proof")("parameter-added", "a new optional parameter is accepted"),
  kind(
    "openapi",
    "request",
    "by-proof",
  )("parameter-required", "a parameter becomes required, or a new required parameter appears"),
  kind("openapi", "request", "by-proof")("parameter-optional", "a parameter is no longer required"),
  kind(
    "openapi",
    "request",
    "breaking",
  )("parameter-style-changed", "a parameter's `style` or `explode` changed: old serializations are read differently"),
  kind("openapi", "request", "breaking")("parameter-media-type-changed", "a parameter's `content` media type changed"),
  kind(
    "openapi",
    "request",
    "breaking",
  )(
    "parameter-serialization-changed",
    "a parameter changed between scalar and array (needs-review when one side mixes both)",
  ),
  kind(
    "openapi",
    "request",
    "breaking",
  )(
    "security-requirement-added",
    "a client meeting an old security alternative meets no new one (new scheme or scope)",
  ),
  kind("openapi", "request", "compatible")("security-alternative-added", "a new way to authenticate is accepted"),
  kind(
    "openapi",
    "request",
    "breaking",
  )("security-scheme-changed", "a security scheme sends or obtains its credential differently"),
  kind(
    "openapi",
    "surface",
    "breaking",
  )("extensible-enum-value-removed", "a value of an `x-extensible-enum` is gone (compatible on responses)"),
  kind(
    "openapi",
    "surface",
    "compatible",
  )("extensible-enum-value-added", "a new `x-extensible-enum` value (clients must tolerate unknown values)"),
];
