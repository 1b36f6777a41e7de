import { hydrate as hydrateQueries } from '@tanstack/react-query';
import { type ComponentChild, render as renderOver } from 'preact';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { sourceLocale } from '../contract/i18n/locales.ts';
import { Providers } from './app/providers.tsx';
import { AppRouter, prepareHydration } from './app/router.tsx';
import { loadGlobalSearch } from './features/search/components/global-search-slot.tsx';
import { nextTask } from './lib/after-load.ts';
import { chooseLocale, setActiveLocale } from './lib/locale.ts';
import { queryClient } from './lib/query-client.ts';
import { readServerState } from './lib/server-state.ts';
import { registerWhenIdle } from './lib/service-worker.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const app = (
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>
);

// A public page a visitor opens comes drawn by the server, with the data it shows (decision 067).
const drawn = readServerState();
if (drawn) hydrateQueries(queryClient, drawn.queries);

function render() {
  if (!root) return;
  // The server draws in English: a page in another language is drawn afresh (boot.js hid the English one).
  root.replaceChildren();
  document.documentElement.removeAttribute('data-redraw');
  // Under React (`vite dev`) a transition renders the first screen in slices of a few milliseconds, yielding to
  // the browser between them. The production build runs Preact (decision 030), whose `startTransition` just
  // calls back, so there the first render is one task again (total blocking time stayed under 100 ms).
  startTransition(() => {
    createRoot(root).render(app);
  });
}

/**
 * Takes over the server's markup: the page's own chunk first, so the first render is the page and not its
 * skeleton. Rendered over the markup rather than hydrated: Preact's own `render` reuses the server's elements
 * (and keeps a lazy piece's until its chunk arrives) and corrects their attributes, where `hydrate` keeps the
 * attributes as the server wrote them: the server's element ids (`useDomId`) are not the browser's, and an
 * `aria-controls` kept from the server named nothing. Not `createRoot` (Preact's React layer): like React, it
 * empties the element first, and the page was drawn again from scratch, its largest paint with it. Only the
 * production build, where React is Preact (decision 030), gets drawn pages.
 */
async function takeOver(loaderData: Record<string, unknown>) {
  await Promise.all([prepareHydration(loaderData), loadGlobalSearch()]);
  // The render over the page is the longest piece of the start: in a task of its own, not after the router's.
  await nextTask();
  if (!root) return;
  renderOver(app as unknown as ComponentChild, root);
  // The page is the app's now (boot.js read the mark at load; links and buttons work from here on).
  document.documentElement.removeAttribute('data-drawn');
}

// This device's language, else the browser's (a member's saved one follows with their settings): English
// renders at once; another first fetches its catalogue (boot.js has already preloaded it), so no English flashes.
const locale = chooseLocale();
if (locale === sourceLocale) {
  if (drawn) takeOver(drawn.loaderData).catch(render);
  else render();
} else
  setActiveLocale(locale)
    .catch(() => {
      // The catalogue did not load: the site in English rather than none.
    })
    .then(render);

registerWhenIdle();
