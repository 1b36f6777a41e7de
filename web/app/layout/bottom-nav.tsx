import { Ellipsis } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { NavLink } from 'react-router';
import { shellUi as ui } from '../../../contract/texts/shell-ui.ts';
import { useSiteSettings } from '../../features/site-settings/api.ts';
import { cn } from '../../lib/cn.ts';
import { useSession } from '../../lib/session.ts';
import { type NavItem, navItems } from './nav-items.ts';

// The sheet (and Radix under it) loads when it is first opened, never with the first screen.
const loadSheet = () => import('./more-sheet.tsx');
const MoreSheet = lazy(() => loadSheet().then((m) => ({ default: m.MoreSheet })));

/*
 * Below lg the bar holds four destinations and "More" (five items share the width, so labels never clip);
 * from lg every destination sits in the bar and "More" is gone. Pure CSS: no width is measured in script.
 */
const itemClasses =
  'flex min-w-0 flex-col items-center gap-1 rounded-xl px-1 py-1.5 text-[11px] leading-tight font-medium whitespace-nowrap transition-colors lg:min-w-16 lg:px-3';

function itemState(active: boolean) {
  return active ? 'bg-primary/10 text-primary' : 'text-muted hover:bg-surface-2 hover:text-fg';
}

function Item({ item }: { item: NavItem }) {
  const { icon: Icon, label } = item;
  const liClass = cn('flex-1 lg:flex-none', !item.primary && 'hidden lg:block');
  const content = (
    <>
      <Icon className="size-5" aria-hidden="true" />
      {label}
    </>
  );
  return (
    <li className={liClass}>
      {item.external ? (
        <a
          href={item.to}
          target="_blank"
          rel="noopener noreferrer"
          className={cn(itemClasses, itemState(false))}
        >
          {content}
        </a>
      ) : (
        <NavLink
          to={item.to}
          end={item.end}
          className={({ isActive }) => cn(itemClasses, itemState(isActive))}
        >
          {content}
        </NavLink>
      )}
    </li>
  );
}

export function BottomNav() {
  const { user } = useSession();
  const items = navItems(user, useSiteSettings().data);
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on (and kept, so Radix returns focus to More when it closes).
  const [mounted, setMounted] = useState(false);
  return (
    <nav
      aria-label={ui.mainNav}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-surface/90 pb-[env(safe-area-inset-bottom)] backdrop-blur-md"
    >
      <ul className="mx-auto flex max-w-lg justify-center px-1 py-2 lg:max-w-none lg:gap-1 lg:px-2">
        {items.map((item) => (
          <Item key={item.to} item={item} />
        ))}
        <li className="flex-1 lg:hidden">
          <button
            type="button"
            aria-haspopup="dialog"
            aria-expanded={open}
            onClick={() => {
              setMounted(true);
              setOpen(true);
            }}
            // Start fetching the sheet as soon as the finger lands, so it opens without a wait.
            onPointerDown={loadSheet}
            className={cn(itemClasses, 'w-full cursor-pointer', itemState(open))}
          >
            <Ellipsis className="size-5" aria-hidden="true" />
            {ui.more}
          </button>
        </li>
      </ul>
      {mounted && (
        <Suspense fallback={null}>
          <MoreSheet
            open={open}
            onOpenChange={setOpen}
            items={items.filter((item) => !item.primary)}
            signedIn={user !== null}
          />
        </Suspense>
      )}
    </nav>
  );
}
