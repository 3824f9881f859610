/**
 * The small runtime generated OpenAPI clients call: builds the request (path, query, headers, JSON
 * body) from a generated operation spec and sends it with `fetch`. Streaming responses are returned
 * as the raw `Response`, so the caller reads the body as it arrives.
 */
export interface HttpClientConfig {
  /** e.g. `http://127.0.0.1:8080` */
  baseUrl: string;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Headers sent with every request (a call's own headers win). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface OperationSpec {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly requestContentType?: string;
  /** Declared responses by status code ("200", "4XX", "default"). */
  readonly responses: Readonly<Record<string, { readonly contentType?: string }>>;
}

export interface OperationInput {
  path?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string | undefined>;
  body?: unknown;
}

/** A status the operation does not declare as a success. Carries the response text. */
export class HttpStatusError extends Error {
  override readonly name = "HttpStatusError";
  constructor(
    readonly operationId: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${operationId}: HTTP ${status}${body ? `: ${body.slice(0, 500)}` : ""}`);
  }
}

export function buildUrl(baseUrl: string, spec: OperationSpec, input: OperationInput): string {
  const path = spec.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = input.path?.[name];
    if (v === undefined) throw new TypeError(`${spec.operationId}: missing path parameter "${name}"`);
    return encodeURIComponent(String(v));
  });
  const url = new URL(baseUrl.replace(/\/$/, "") + path);
  for (const [k, v] of Object.entries(input.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  return url.toString();
}

/** Sends the request; resolves with the response when its status is a declared 2xx, else throws. */
export async function sendOperation(
  config: HttpClientConfig,
  spec: OperationSpec,
  input: OperationInput,
): Promise<Response> {
  const headers: Record<string, string> = { ...config.headers };
  for (const [k, v] of Object.entries(input.headers ?? {})) if (v !== undefined) headers[k] = v;
  let body: string | undefined;
  if (input.body !== undefined) {
    headers["content-type"] = spec.requestContentType ?? "application/json";
    body = JSON.stringify(input.body);
  }
  const res = await (config.fetch ?? fetch)(buildUrl(config.baseUrl, spec, input), {
    method: spec.method.toUpperCase(),
    headers,
    body,
    signal: config.signal,
  });
  if (res.status < 200 || res.status > 299)
    throw new HttpStatusError(spec.operationId, res.status, await res.text().catch(() => ""));
  return res;
}

/** For JSON operations: the decoded body with its status. */
export async function sendJsonOperation<T>(
  config: HttpClientConfig,
  spec: OperationSpec,
  input: OperationInput,
): Promise<{ status: number; body: T }> {
  const res = await sendOperation(config, spec, input);
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}
