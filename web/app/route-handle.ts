import { useMatches } from 'react-router';
import { type PageTitle, pageTitles } from '../../contract/texts/shell-ui.ts';

/** Static facts a route declares in its `handle`. */
export interface RouteHandle {
  /** The page's title (the document title), as its key in `pageTitles`: read in the active language. */
  title?: PageTitle;
}

/** The deepest matched route's title, in the active language. */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = (matches[i]?.handle as RouteHandle | undefined)?.title;
    if (title) return pageTitles[title];
  }
  return undefined;
}
