import { MessagesSquare } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { shellUi as ui } from '../../../contract/texts/shell-ui.ts';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { GlobalSearchSlot } from '../../features/search/components/global-search-slot.tsx';
import { useSession } from '../../lib/session.ts';
import { Brand } from './brand.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

// Members only: visitors never download the bell, the sign-out and what they use.
const NotificationBell = lazy(() =>
  import('./notification-bell.tsx').then((m) => ({ default: m.NotificationBell })),
);
const AccountActions = lazy(() =>
  import('./account-actions.tsx').then((m) => ({ default: m.AccountActions })),
);

export function TopBar() {
  const { user, isPending } = useSession();
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/85 backdrop-blur-md supports-[backdrop-filter]:bg-surface/70">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-3 px-4 py-3 sm:gap-x-4 sm:px-6 lg:px-8">
        <Brand />
        <GlobalSearchSlot />
        <div className="ml-auto flex items-center gap-1 md:ml-0">
          {/* On a phone the label is the bottom bar's (Forum is one of its four); here the icon keeps one row. */}
          <Link to="/forum" className={buttonClasses('ghost', 'sm', 'px-2.5 sm:px-3')}>
            <MessagesSquare className="size-5" aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">{ui.forum}</span>
          </Link>
          {user && (
            <Suspense fallback={<Skeleton className="size-9 rounded-lg" />}>
              <NotificationBell />
            </Suspense>
          )}
          {/* A member's phone bar is full (it would wrap to a third row): their language is in Settings. */}
          <LanguageMenu className={user ? 'hidden sm:block' : undefined} />
          <ThemeToggle />
          {isPending ? (
            <Skeleton className="ml-1 size-9 rounded-full" />
          ) : user ? (
            <Suspense fallback={<Skeleton className="ml-1 h-9 w-40 rounded-lg" />}>
              <AccountActions user={user} />
            </Suspense>
          ) : (
            <div className="ml-1 flex items-center gap-2">
              <Link to="/login" className={buttonClasses('ghost', 'sm', 'text-fg')}>
                {ui.login}
              </Link>
              <Link to="/register" className={buttonClasses('primary', 'sm')}>
                {ui.signUp}
              </Link>
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
