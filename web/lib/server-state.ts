import type { DehydratedState } from '@tanstack/react-query';

/** What a page drawn on the server (web/entry-server.tsx) hands the browser to hydrate with. */
export interface ServerState {
  /** The queries the first screen read, as TanStack Query dehydrates them. */
  queries: DehydratedState;
  /** The routes' loader data (the router hydrates from it instead of running the loaders again). */
  loaderData: Record<string, unknown>;
}

/** The element the server writes the state into, beside #root. */
export const SERVER_STATE_ID = 'server-state';

/** The state of a page the server drew, or null for a page the browser draws itself. */
export function readServerState(): ServerState | null {
  const text = document.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerState;
  } catch {
    return null;
  }
}
