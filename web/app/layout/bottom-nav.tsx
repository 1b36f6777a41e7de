import {
  House,
  LifeBuoy,
  LogIn,
  type LucideIcon,
  MessageCircle,
  Newspaper,
  Package,
  Radio,
  Shield,
  Store,
  User,
  Users,
} from 'lucide-react';
import { NavLink } from 'react-router';
import { isStaff } from '../../../contract/limits.ts';
import { useSiteSettings } from '../../features/site-settings/api.ts';
import { cn } from '../../lib/cn.ts';
import { useSession } from '../../lib/session.ts';

const itemClasses =
  'flex min-w-12 flex-col items-center gap-1 rounded-xl px-1 py-1.5 text-[10px] font-medium whitespace-nowrap transition-colors sm:min-w-16 sm:px-3 sm:text-[11px]';

function itemState(active: boolean) {
  return active ? 'bg-primary/10 text-primary' : 'text-muted hover:bg-surface-2 hover:text-fg';
}

function Item({
  to,
  label,
  icon: Icon,
  end,
}: {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
}) {
  return (
    <li>
      <NavLink to={to} end={end} className={({ isActive }) => cn(itemClasses, itemState(isActive))}>
        <Icon className="size-5" aria-hidden="true" />
        {label}
      </NavLink>
    </li>
  );
}

function ExternalItem({ href, label, icon: Icon }: { href: string; label: string; icon: LucideIcon }) {
  return (
    <li>
      <a href={href} target="_blank" rel="noopener noreferrer" className={cn(itemClasses, itemState(false))}>
        <Icon className="size-5" aria-hidden="true" />
        {label}
      </a>
    </li>
  );
}

export function BottomNav() {
  const { user } = useSession();
  const links = useSiteSettings().data;
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-surface/90 pb-[env(safe-area-inset-bottom)] backdrop-blur-md"
    >
      {/* Scrolls sideways on narrow screens rather than squeezing the labels. */}
      <div className="overflow-x-auto [scrollbar-width:none]">
        <ul className="mx-auto flex w-max min-w-full justify-center px-1 py-2 sm:gap-1 sm:px-2">
          <Item to="/" label="Home" icon={House} end />
          <Item to="/posts" label="Posts" icon={Newspaper} />
          <Item to="/products" label="Products" icon={Package} />
          <Item to="/marketplace" label="Marketplace" icon={Store} />
          {links?.supportStreamUrl && (
            <ExternalItem href={links.supportStreamUrl} label="Stream" icon={Radio} />
          )}
          <Item to="/messages" label="Messages" icon={MessageCircle} />
          {links?.communityChatUrl && (
            <ExternalItem href={links.communityChatUrl} label="Community" icon={Users} />
          )}
          <Item to="/tickets" label="Support" icon={LifeBuoy} />
          {user ? (
            <Item to={`/profile/${user.id}`} label="Profile" icon={User} />
          ) : (
            <Item to="/login" label="Login" icon={LogIn} />
          )}
          {user && isStaff(user.role) && <Item to="/admin" label="Admin Area" icon={Shield} />}
        </ul>
      </div>
    </nav>
  );
}
