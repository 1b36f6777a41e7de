import { useMatches } from 'react-router';

/** Static facts a route declares in its `handle`. */
export interface RouteHandle {
  /** The page's title: the document title and the placeholder pages' heading. */
  title?: string;
}

/** The deepest matched route's title. */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = (matches[i]?.handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return undefined;
}
