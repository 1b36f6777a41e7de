import { Search, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useSession } from '../../lib/session.ts';
import { AccountActions } from './account-actions.tsx';
import { Brand } from './brand.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

export function TopBar() {
  const { user, isPending } = useSession();
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/85 backdrop-blur-md supports-[backdrop-filter]:bg-surface/70">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-3 px-4 py-3 sm:gap-x-4 sm:px-6 lg:px-8">
        <Brand />
        <SearchBox />
        <div className="ml-auto flex items-center gap-1 md:ml-0">
          {user && <NotificationBell />}
          {user && (
            <Link to="/profile/settings" aria-label="Settings" className={buttonClasses('ghost', 'icon')}>
              <Settings className="size-5" aria-hidden="true" />
            </Link>
          )}
          <ThemeToggle />
          {isPending ? (
            <Skeleton className="ml-1 size-9 rounded-full" />
          ) : user ? (
            <AccountActions user={user} />
          ) : (
            <div className="ml-1 flex items-center gap-2">
              <Link to="/login" className={buttonClasses('ghost', 'sm', 'text-fg')}>
                Login
              </Link>
              <Link to="/register" className={buttonClasses('primary', 'sm')}>
                Sign up
              </Link>
            </div>
          )}
        </div>
      </div>
    </header>
  );
}

/** Global search (results arrive with the search feature); on phones it takes a row of its own. */
function SearchBox() {
  return (
    <search className="relative order-last w-full md:order-none md:mx-auto md:w-auto md:max-w-md md:flex-1">
      <Search
        className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted"
        aria-hidden="true"
      />
      <input
        type="search"
        aria-label="Search"
        placeholder="Search cheats, users, listings..."
        autoComplete="off"
        className="h-10 w-full rounded-xl border border-line bg-surface-2/60 pr-3 pl-10 text-sm text-fg placeholder:text-muted transition-colors hover:border-muted/40 focus-visible:border-primary focus-visible:bg-surface focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary/40"
      />
    </search>
  );
}
