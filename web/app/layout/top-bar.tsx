import { Settings, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { GlobalSearch } from '../../features/search/components/global-search.tsx';
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
        <GlobalSearch />
        <div className="ml-auto flex items-center gap-1 md:ml-0">
          {user && <NotificationBell />}
          {user && (
            <Link to="/wallet" aria-label="Wallet" className={buttonClasses('ghost', 'icon')}>
              <Wallet className="size-5" aria-hidden="true" />
            </Link>
          )}
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
