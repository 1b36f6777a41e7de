import { hydrate as hydrateQueries } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { sourceLocale } from '../contract/i18n/locales.ts';
import { Providers } from './app/providers.tsx';
import { AppRouter, prepareHydration } from './app/router.tsx';
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

/** Takes over the server's markup: the page's own chunk first, so the first render matches it. */
async function hydrate(loaderData: Record<string, unknown>) {
  await prepareHydration(loaderData);
  if (root) hydrateRoot(root, app);
}

// This device's language, else the browser's (a member's saved one follows with their settings): English
// renders at once; another first fetches its catalogue (boot.js has already preloaded it), so no English flashes.
const locale = chooseLocale();
if (locale === sourceLocale) {
  if (drawn) hydrate(drawn.loaderData).catch(render);
  else render();
} else
  setActiveLocale(locale)
    .catch(() => {
      // The catalogue did not load: the site in English rather than none.
    })
    .then(render);

registerWhenIdle();
