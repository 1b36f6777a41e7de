import type { ErrorBody } from '../../contract/errors.ts';
import type { CallOptions, ClientOf, EndpointTable, RouteGroup } from '../../contract/routes/route.ts';
import { activeLocale } from './locale.ts';

/** Every failed call ends in this one error: the server's `{error:{code,message,fields}}`, or a local stand-in. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;
  /** True when `message` is the server's own text, meant to be shown to the user verbatim. */
  readonly fromServer: boolean;
  /** Seconds the server asked us to wait (`Retry-After` on a 429 or 503), when it said. */
  retryAfter?: number;

  constructor(
    status: number,
    code: string,
    message: string,
    fields?: Record<string, string>,
    fromServer = true,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.fromServer = fromServer;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiOptions {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `Idempotency-Key` on a purchase). */
  headers?: Record<string, string>;
}

/** Spec §7: a failed GET (5xx or no answer) is tried once more after a second. */
const RETRY_DELAY_MS = 1000;

/**
 * The one API client. `path` is either a full API path (`/api/auth/...`, `/api/health`) or a path under
 * `/api/v1` (`/me` means `/api/v1/me`). Resolves with the parsed JSON body, rejects with `ApiError`.
 */
export async function api<T>(
  path: string,
  { method = 'GET', body, signal, headers }: ApiOptions = {},
): Promise<T> {
  const url = path.startsWith('/api/') ? path : `/api/v1${path}`;
  if (method !== 'GET') {
    try {
      return await send<T>(url, method, body, signal, headers);
    } catch (err) {
      // A new member's first post must prove it is no bot (issue 36): solve a challenge, then send it again.
      if (!(err instanceof ApiError) || err.code !== 'PROOF_OF_WORK_REQUIRED' || signal?.aborted) throw err;
      const { solvedHeadersAnnounced } = await import('./proof-of-work.ts');
      return send<T>(url, method, body, signal, { ...headers, ...(await solvedHeadersAnnounced(signal)) });
    }
  }
  try {
    return await send<T>(url, method, body, signal);
  } catch (err) {
    if (!isRetryable(err) || signal?.aborted) throw err;
    await wait(RETRY_DELAY_MS, signal);
    return send<T>(url, method, body, signal);
  }
}

/**
 * The typed client of one group of the route table (contract/routes/): `endpoints<Group>({ purchase: 'POST
 * /listings/:id/purchase body', … })` gives `purchase({ id }, body, { headers })`, each call through `api()`
 * above (GET retry, proof of work, `ApiError`). The strings come from web/lib/api-routes/<group>.gen.ts,
 * generated from the table; their type is the table's own, so a stale string fails the typecheck. An entry with
 * `params` takes them first (filled into the path), then its `body` or its `query`, then the options.
 */
export function endpoints<G extends RouteGroup>(table: EndpointTable<G>): ClientOf<G> {
  const client: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const [name, endpoint] of Object.entries<string>(table)) {
    const [method, pattern, input] = endpoint.split(' ') as [
      HttpMethod,
      string,
      'body' | 'query' | undefined,
    ];
    const hasParams = pattern.includes(':');
    client[name] = (...args) => {
      const params = (hasParams ? args.shift() : undefined) as Record<string, string> | undefined;
      const sent = input ? args.shift() : undefined;
      const { signal, headers } = (args.shift() ?? {}) as CallOptions;
      const path = pattern.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params?.[key] ?? ''));
      return input === 'query'
        ? api(withQuery(path, sent as QueryValues | undefined), { method, signal, headers })
        : api(path, { method, body: sent, signal, headers });
    };
  }
  return client as ClientOf<G>;
}

type QueryValues = Record<string, string | number | boolean | null | undefined>;

/** `base` with the non-empty `values` as its query string, in their order. */
export function withQuery(base: string, values: QueryValues = {}) {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(values))
    if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const qs = search.toString();
  return qs ? `${base}?${qs}` : base;
}

/** The text to show for a failed action: the server's own message, else the action's fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.fromServer && err.message ? err.message : fallback;
}

export function isRetryable(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 0 || err.status >= 500);
}

/** How a request reaches the API: the browser's fetch, or on the server's first render the app itself. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/** The server's first render (web/entry-server.tsx) answers the client's calls in process. */
export function setApiTransport(next: Transport) {
  transport = next;
}

async function send<T>(
  url: string,
  method: HttpMethod,
  body: unknown,
  signal?: AbortSignal,
  extraHeaders?: Record<string, string>,
): Promise<T> {
  // The site's language, not the browser's: a visitor who chose one gets the API's messages in it (issue 41).
  const headers: Record<string, string> = {
    ...extraHeaders,
    accept: 'application/json',
    'accept-language': activeLocale(),
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await (takeEarlyResponse(url, method) ??
      transport(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        signal,
      }));
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(0, 'NETWORK', 'Network error', undefined, false);
  }
  const data = await readJson(response);
  if (response.ok) return data as T;
  const error = (data as Partial<ErrorBody> | undefined)?.error;
  if (error && typeof error.message === 'string') {
    throw new ApiError(response.status, error.code, error.message, error.fields);
  }
  throw new ApiError(
    response.status,
    `HTTP_${response.status}`,
    response.statusText || 'Request failed',
    undefined,
    false,
  );
}

/** How long a response boot.js started stays usable: it is for the first screen, not for later visits. */
const EARLY_RESPONSE_MS = 15_000;

/**
 * public/boot.js starts the first screen's GETs before this code has downloaded (decision 029); the first
 * call for each URL within EARLY_RESPONSE_MS of the page's start takes its response, and every other call
 * fetches afresh.
 */
function takeEarlyResponse(url: string, method: HttpMethod): Promise<Response> | undefined {
  const early = (globalThis as { __earlyResponses?: Record<string, Promise<Response>> }).__earlyResponses;
  const response = early?.[url];
  if (!response || method !== 'GET') return undefined;
  delete early[url];
  return performance.now() < EARLY_RESPONSE_MS ? response : undefined;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

export interface UploadOptions {
  /** Called with 0..1 as the body is sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POSTs a multipart form (a file upload) through the same error handling as `api`. It uses
 * XMLHttpRequest because fetch cannot report upload progress.
 */
export function upload<T>(
  path: string,
  form: FormData,
  { onProgress, signal }: UploadOptions = {},
): Promise<T> {
  const url = path.startsWith('/api/') ? path : `/api/v1${path}`;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', activeLocale());
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(data as T);
        return;
      }
      const error = (data as Partial<ErrorBody> | undefined)?.error;
      const failure =
        error && typeof error.message === 'string'
          ? new ApiError(xhr.status, error.code, error.message, error.fields)
          : new ApiError(
              xhr.status,
              `HTTP_${xhr.status}`,
              xhr.statusText || 'Request failed',
              undefined,
              false,
            );
      const retryAfter = Number(xhr.getResponseHeader('retry-after'));
      if (retryAfter > 0) failure.retryAfter = retryAfter;
      reject(failure);
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'Network error', undefined, false));
    xhr.onabort = () => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
