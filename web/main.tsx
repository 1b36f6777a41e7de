import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { registerWhenIdle } from './lib/service-worker.ts';
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

registerWhenIdle();
