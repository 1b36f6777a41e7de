import { dehydrate, type Query } from '@tanstack/react-query';
import { renderToStringAsync } from 'preact-render-to-string';
import type { ReactElement } from 'react';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { setApiTransport } from './lib/api.ts';
import { newQueryClient } from './lib/query-client.ts';
import { ServerDraw } from './lib/server-draw.ts';
import { SERVER_STATE_ID, type ServerState } from './lib/server-state.ts';
import { sessionKey } from './lib/session.ts';

/*
 * A public page's first screen, drawn on the server with its data (issue 38, decision 067): the same routes,
 * components and API client as the browser, answered by the app itself (the transport), for a visitor only.
 * The browser hydrates it from the state written beside it (web/main.tsx).
 */

/** Rounds of "render, then fetch what the render asked for": a page's queries can wait on another's data. */
const MAX_ROUNDS = 3;

export interface ServerRender {
  /** The markup inside #root. */
  html: string;
  /** The state the browser hydrates with, as JSON safe inside a <script> element. */
  state: string;
}

/** The server hands in the app itself (`app.inject`) as the API client's transport. */
export { SERVER_STATE_ID, setApiTransport };

/** Renders `url` (path and query) for a visitor; null when the routes or a page answer with a redirect. */
export async function render(url: string): Promise<ServerRender | null> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) return null;
  const client = newQueryClient();
  // Only a visitor's page is drawn here (the server checked): the shell knows so without asking.
  client.setQueryData(sessionKey, { user: null });
  const router = createStaticRouter(handler.dataRoutes, context);
  const drawing = { inBrowser: false };
  const page: ReactElement = (
    <ServerDraw.Provider value={drawing}>
      <Providers client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </ServerDraw.Provider>
  );
  // Preact's own renderer (the build's React is Preact, decision 030); async, as the shell's lazy pieces suspend.
  const draw = () => renderToStringAsync(page as unknown as Parameters<typeof renderToStringAsync>[0]);
  let html = await draw();
  if (drawing.inBrowser) return null;
  for (let round = 1; round < MAX_ROUNDS; round++) {
    const asked = client.getQueryCache().getAll().filter(waiting);
    if (asked.length === 0) break;
    // A failed query stays pending in the state, and the browser asks again (with its own retry and toast).
    await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
    html = await draw();
  }
  const state: ServerState = {
    queries: dehydrate(client),
    loaderData: context.loaderData,
  };
  return { html, state: scriptSafe(JSON.stringify(state)) };
}

/** A query the render built and nothing has fetched yet, unless it is switched off (`enabled: false`). */
function waiting(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

/** JSON that cannot close its <script> element or open a comment: `<` is written as its escape. */
function scriptSafe(json: string) {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
