import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { sourceLocale } from '../contract/i18n/locales.ts';
import { Providers } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { chooseLocale, setActiveLocale } from './lib/locale.ts';
import { registerWhenIdle } from './lib/service-worker.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

function render() {
  if (!root) return;
  // Under React (`vite dev`) a transition renders the first screen in slices of a few milliseconds, yielding to
  // the browser between them. The production build runs Preact (decision 030), whose `startTransition` just
  // calls back, so there the first render is one task again (total blocking time stayed under 100 ms).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <AppRouter />
        </Providers>
      </StrictMode>,
    );
  });
}

// This device's language, else the browser's (a member's saved one follows with their settings): English
// renders at once; another first fetches its catalogue (boot.js has already preloaded it), so no English flashes.
const locale = chooseLocale();
if (locale === sourceLocale) render();
else
  setActiveLocale(locale)
    .catch(() => {
      // The catalogue did not load: the site in English rather than none.
    })
    .then(render);

registerWhenIdle();
