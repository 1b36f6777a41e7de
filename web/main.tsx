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

// The installable app (issue 37). Registering the worker starts a second script and its cache writes; at `load`
// the first screen is still rendering its data, and on a phone's few cores the two competed (Lighthouse's total
// blocking time on `/` went from about 450 ms to 1,100–1,350 ms). The worker only serves later visits, so it
// waits for the browser's first idle moment after load (Safari has no idle callback: there, the next task).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No worker (a private window, a blocked origin): the site works as before, only not offline.
    });
  };
  addEventListener('load', () => {
    if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 10_000 });
    else setTimeout(register, 0);
  });
}
