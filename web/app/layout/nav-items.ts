import {
  House,
  LifeBuoy,
  LogIn,
  type LucideIcon,
  MessageCircle,
  MessagesSquare,
  Newspaper,
  Package,
  Radio,
  Shield,
  Store,
  User,
  Users,
} from 'lucide-react';
import type { SessionUser } from '../../../contract/auth.ts';
import { isStaff } from '../../../contract/limits.ts';

export interface NavItem {
  label: string;
  icon: LucideIcon;
  /** An app route, or an external address (`external`, opened in a new tab). */
  to: string;
  end?: boolean;
  external?: boolean;
  /** One of the four destinations the phone bar always shows (decision 019); the rest are under "More". */
  primary?: boolean;
}

/**
 * Every destination of the bottom navigation, in the spec's order (forum added after posts: issue 17).
 * One list feeds both the bar and the More sheet, so a destination is never in one and missing from the other.
 */
export function navItems(
  user: SessionUser | null,
  links: { supportStreamUrl?: string | null; communityChatUrl?: string | null } | undefined,
): NavItem[] {
  const items: NavItem[] = [
    { to: '/', label: 'Home', icon: House, end: true, primary: true },
    { to: '/posts', label: 'Posts', icon: Newspaper, primary: true },
    { to: '/forum', label: 'Forum', icon: MessagesSquare, primary: true },
    { to: '/products', label: 'Products', icon: Package },
    { to: '/marketplace', label: 'Marketplace', icon: Store, primary: true },
  ];
  if (links?.supportStreamUrl)
    items.push({ to: links.supportStreamUrl, label: 'Stream', icon: Radio, external: true });
  items.push({ to: '/messages', label: 'Messages', icon: MessageCircle });
  if (links?.communityChatUrl)
    items.push({ to: links.communityChatUrl, label: 'Community', icon: Users, external: true });
  items.push({ to: '/tickets', label: 'Support', icon: LifeBuoy });
  if (user) {
    items.push({ to: `/profile/${user.id}`, label: 'Profile', icon: User });
  } else {
    items.push({ to: '/login', label: 'Login', icon: LogIn });
  }
  if (user && isStaff(user.role)) items.push({ to: '/admin', label: 'Admin Area', icon: Shield });
  return items;
}
