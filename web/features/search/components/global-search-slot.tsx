import { Search } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { searchTexts } from '../../../../contract/search-texts.ts';
import { searchBoxUi } from '../../../../contract/texts/search-box-ui.ts';

export const searchBoxClasses =
  'relative order-last w-full md:order-none md:mx-auto md:w-auto md:max-w-md md:flex-1';
export const searchIconClasses =
  'pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted';
export const searchInputClasses =
  'h-10 w-full rounded-xl border border-line bg-surface-2/60 pr-3 pl-10 text-sm text-fg placeholder:text-muted transition-colors hover:border-muted/40 focus-visible:border-primary focus-visible:bg-surface focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary/40';

type Loaded = typeof import('./global-search.tsx');
let loaded: Loaded['GlobalSearch'] | undefined;

/**
 * Fetches the search's chunk. A page the server drew awaits it before the app takes the page over
 * (web/main.tsx), so the box is the real one from the first render: a fallback swapped for it then moved the
 * box across the bar and lost the focus of a click made before the code arrived.
 */
export function loadGlobalSearch(): Promise<Loaded> {
  return import('./global-search.tsx').then((m) => {
    loaded = m.GlobalSearch;
    return m;
  });
}

const LazyGlobalSearch = lazy(() => loadGlobalSearch().then((m) => ({ default: m.GlobalSearch })));

/**
 * The top bar's search. Its dropdown, query and keyboard handling come in their own chunk, requested as the
 * shell first renders (so not in the first screen's bytes); until it arrives a box of the same size and
 * look holds the place, so nothing moves.
 */
export function GlobalSearchSlot() {
  const GlobalSearch = loaded;
  if (GlobalSearch) return <GlobalSearch />;
  return (
    <Suspense
      fallback={
        <search className={searchBoxClasses}>
          <Search className={searchIconClasses} aria-hidden="true" />
          <input
            type="search"
            aria-label={searchBoxUi.label}
            placeholder={searchTexts.placeholder}
            readOnly
            className={searchInputClasses}
          />
        </search>
      }
    >
      <LazyGlobalSearch />
    </Suspense>
  );
}
