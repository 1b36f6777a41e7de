import {
  ArrowLeft,
  Banknote,
  Flag,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  Package,
  Receipt,
  ScrollText,
  Settings,
  ShieldCheck,
  Store,
  Users,
} from 'lucide-react';
import { NavLink, Outlet } from 'react-router';
import { adminUi as ui } from '../../../contract/texts/admin-ui.ts';
import { shellUi } from '../../../contract/texts/shell-ui.ts';
import { cn } from '../../lib/cn.ts';
import { useSession } from '../../lib/session.ts';
import { usePendingReviewCount } from './api.ts';

interface MenuItem {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
  adminOnly?: boolean;
  /** Shows how many items wait there (the review queue's pending count). */
  pending?: boolean;
}

/** The spec's admin side menu: Withdrawals and Settings only for admins (built at render: its labels' language). */
const menu = (): MenuItem[] => [
  { to: '/admin', label: ui.dashboard, icon: LayoutDashboard, end: true },
  { to: '/admin/users', label: ui.users, icon: Users },
  { to: '/admin/products', label: ui.products, icon: Package },
  { to: '/admin/marketplace', label: ui.marketplace, icon: Store },
  { to: '/admin/orders', label: ui.orders, icon: Receipt },
  { to: '/admin/withdrawals', label: ui.withdrawals, icon: Banknote, adminOnly: true },
  { to: '/admin/tickets', label: ui.supportTickets, icon: LifeBuoy },
  { to: '/admin/reports', label: ui.reports, icon: Flag },
  { to: '/admin/review', label: ui.review, icon: ShieldCheck, pending: true },
  { to: '/admin/audit-log', label: ui.auditLog, icon: ScrollText },
  { to: '/admin/settings', label: ui.settings, icon: Settings, adminOnly: true },
];

const linkClasses =
  'flex items-center gap-2 rounded-xl px-2.5 py-2 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-primary lg:gap-3 lg:px-3 lg:py-2.5';

/** The admin area's shell (the route guard lets only staff in). */
export function AdminLayout() {
  const { user } = useSession();
  const items = menu().filter((i) => !i.adminOnly || user?.role === 'admin');
  const pending = usePendingReviewCount().data?.pending ?? 0;
  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
      <nav
        aria-label={ui.adminNav}
        className="rounded-2xl border border-line bg-surface p-2 shadow-sm lg:sticky lg:top-20 lg:self-start"
      >
        <p className="hidden px-3 pt-2 pb-3 text-xs font-semibold tracking-wider text-muted uppercase lg:block">
          {shellUi.adminArea}
        </p>
        {/* Below lg the menu wraps onto a few rows: every section in view, nothing hidden off to the side. */}
        <ul className="flex flex-wrap gap-1 lg:flex-col lg:flex-nowrap">
          <li>
            <NavLink to="/" className={cn(linkClasses, 'text-muted hover:bg-surface-2 hover:text-fg')}>
              <ArrowLeft className="size-4" aria-hidden="true" />
              {ui.returnToSite}
            </NavLink>
          </li>
          {items.map(({ to, label, icon: Icon, end, pending: counted }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  cn(
                    linkClasses,
                    isActive ? 'bg-primary/10 text-primary' : 'text-muted hover:bg-surface-2 hover:text-fg',
                  )
                }
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
                {counted && pending > 0 && (
                  <span
                    role="img"
                    aria-label={pending >= 100 ? ui.overNinetyNineWaiting : ui.waiting(pending)}
                    className="ml-auto min-w-5 rounded-full bg-danger px-1.5 text-center text-[0.7rem] leading-5 font-bold text-white"
                  >
                    {pending >= 100 ? '99+' : pending}
                  </span>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
