import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

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

// The installable app (issue 37): registered after the first screen has loaded, so it never competes with it.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No worker (a private window, a blocked origin): the site works as before, only not offline.
    });
  });
}
