import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { shellUi as ui } from '../../../contract/texts/shell-ui.ts';
import { useLocaleSync } from '../../features/account/locale.ts';
import { AnimationOverlay } from '../../features/site-settings/animation-overlay.tsx';
import { useSiteTheme } from '../../features/site-settings/use-site-theme.ts';
import { useSession } from '../../lib/session.ts';
import { useRealtime } from '../../lib/socket.ts';
import { useRouteTitle } from '../route-handle.ts';
import { BottomNav } from './bottom-nav.tsx';
import { NavigationProgress } from './navigation-progress.tsx';
import { TopBar } from './top-bar.tsx';
import { useLocaleKey } from './use-locale-key.ts';

// Members only (an unverified address): its own chunk, loaded once someone is signed in.
const VerifyEmailBanner = lazy(() =>
  import('./verify-email-banner.tsx').then((m) => ({ default: m.VerifyEmailBanner })),
);

export function AppLayout() {
  const title = useRouteTitle();
  const { user } = useSession();
  useRealtime();
  useSiteTheme();
  useLocaleSync();
  // A new language remounts what shows texts (not this shell: its socket and scroll stay).
  const locale = useLocaleKey();
  useEffect(() => {
    document.title = title ? `${title} · CheatMarket` : 'CheatMarket';
  }, [title]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-primary px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {ui.skipToContent}
      </a>
      <NavigationProgress />
      <TopBar key={locale} />
      {user && (
        <Suspense fallback={null}>
          <VerifyEmailBanner key={locale} />
        </Suspense>
      )}
      {/* Bottom padding keeps the last content clear of the fixed bottom navigation. */}
      <main
        id="main"
        tabIndex={-1}
        className="flex-1 px-4 pt-6 pb-[calc(6.5rem+env(safe-area-inset-bottom))] outline-none sm:px-6 lg:px-8"
      >
        <Outlet key={locale} />
      </main>
      <BottomNav key={locale} />
      <AnimationOverlay />
      <ScrollRestoration />
    </div>
  );
}
