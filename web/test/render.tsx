import { QueryClientProvider } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { ErrorBody } from '../../contract/errors.ts';
import { Toasts } from '../app/toasts.tsx';
import { newQueryClient } from '../lib/query-client.ts';

/*
 * The one render helper of the web unit tests (decision 045): the app's providers around a component, a
 * router, and the network served by a handler at the fetch boundary, so the product's own API client, query
 * hooks and error type run unchanged.
 */

/** A request as the API client sent it. */
export interface ApiRequest {
  method: string;
  /** The URL as fetched, e.g. `/api/v1/listings/l1/purchase`. */
  path: string;
  headers: Headers;
  body: unknown;
}

/** Answers one request; undefined when the test serves no such route. */
export type Handler = (request: ApiRequest) => Response | undefined | Promise<Response | undefined>;

/** A JSON answer. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server's error shape (contract/errors.ts). */
export const apiError = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  json(status, { error: { code, message, fields } } satisfies ErrorBody);

/** An answer the test releases when it wants: what the page shows while a request is in flight. */
export function held<T = Response>() {
  let release!: (answer: T) => void;
  const response = new Promise<T>((resolve) => {
    release = resolve;
  });
  return { response, release };
}

/** Requests no handler served in the current test: the set-up (setup.ts) fails the test when there are any. */
export const unhandledRequests: string[] = [];

/**
 * Serves the API: `handler` answers each request (undefined: no such route, answered 404 and failing the
 * test). Every request is kept in `requests`, in order.
 */
export function serveApi(handler: Handler) {
  const requests: ApiRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: ApiRequest = {
      method: init.method ?? 'GET',
      path: String(input),
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const response = await handler(request);
    if (response) return response;
    unhandledRequests.push(`${request.method} ${request.path}`);
    return apiError(404, 'NOT_FOUND', `No test route for ${request.method} ${request.path}`);
  });
  return {
    requests,
    /** The requests other than reads: what the user's actions sent. */
    writes: () => requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`),
  };
}

export interface Rendered extends RenderResult {
  user: UserEvent;
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: ReturnType<typeof newQueryClient>;
}

/**
 * Renders `ui` as the app does (query client, toasts, router) at `path` (the route `pattern`, for pages
 * that read params). `setup` may seed the query cache before the first render.
 */
export function renderApp(
  ui: ReactNode,
  {
    path = '/',
    pattern = '*',
    setup,
  }: { path?: string; pattern?: string; setup?: (client: ReturnType<typeof newQueryClient>) => void } = {},
): Rendered {
  const queryClient = newQueryClient();
  setup?.(queryClient);
  const router = createMemoryRouter(
    [
      { path: pattern, element: ui },
      { path: '*', element: <p>Left for {'the other page'}</p> },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toasts />
    </QueryClientProvider>,
  );
  return { ...result, user: userEvent.setup(), router, queryClient };
}
