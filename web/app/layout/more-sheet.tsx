import * as RadixDialog from '@radix-ui/react-dialog';
import { Wallet, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { shellUi as ui } from '../../../contract/texts/shell-ui.ts';
import { cn } from '../../lib/cn.ts';
import type { NavItem } from './nav-items.ts';

const tileClasses =
  'flex h-full flex-col items-center justify-center gap-1.5 rounded-xl px-2 py-3 text-center text-xs font-medium break-words transition-colors focus-visible:outline-2 focus-visible:outline-primary';

/**
 * The phone bar's "More" sheet: every destination the bar has no room for. A Radix dialog (focus trap,
 * Escape, focus back to the More button, announced by its title) sliding from the bottom; it closes when a
 * destination is chosen and whenever the address changes.
 */
export function MoreSheet({
  open,
  onOpenChange,
  items: barItems,
  signedIn,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items: NavItem[];
  signedIn: boolean;
}) {
  // The wallet has its icon in the top bar; here it also gets a label, for members.
  const items = signedIn ? [...barItems, { to: '/wallet', label: ui.wallet, icon: Wallet }] : barItems;
  const { pathname } = useLocation();
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (pathname !== shownAt.current) {
      shownAt.current = pathname;
      onOpenChange(false);
    }
  }, [pathname, onOpenChange]);

  const close = () => onOpenChange(false);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50 lg:hidden" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-50 mx-auto max-h-[85dvh] max-w-lg overflow-y-auto rounded-t-2xl border border-line bg-surface px-4 pt-4 pb-[calc(1rem+env(safe-area-inset-bottom))] text-fg shadow-2xl focus:outline-none lg:hidden"
        >
          <div className="mb-3 flex items-center justify-between gap-4">
            <RadixDialog.Title className="text-base font-semibold">{ui.more}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label={ui.close}
              className="grid size-9 place-items-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          <ul className="grid grid-cols-3 gap-2">
            {items.map(({ to, label, icon: Icon, end, external }) => (
              <li key={to}>
                {external ? (
                  <a
                    href={to}
                    target="_blank"
                    rel="noopener noreferrer"
                    onClick={close}
                    className={cn(tileClasses, 'text-muted hover:bg-surface-2 hover:text-fg')}
                  >
                    <Icon className="size-6" aria-hidden="true" />
                    {label}
                  </a>
                ) : (
                  <NavLink
                    to={to}
                    end={end}
                    onClick={close}
                    className={({ isActive }) =>
                      cn(
                        tileClasses,
                        isActive
                          ? 'bg-primary/10 text-primary'
                          : 'text-muted hover:bg-surface-2 hover:text-fg',
                      )
                    }
                  >
                    <Icon className="size-6" aria-hidden="true" />
                    {label}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
