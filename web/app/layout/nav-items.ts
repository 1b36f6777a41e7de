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
import { shellUi as ui } from '../../../contract/texts/shell-ui.ts';

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
 * Built at render, so its labels are in the active language.
 */
export function navItems(
  user: SessionUser | null,
  links: { supportStreamUrl?: string | null; communityChatUrl?: string | null } | undefined,
): NavItem[] {
  const items: NavItem[] = [
    { to: '/', label: ui.home, icon: House, end: true, primary: true },
    { to: '/posts', label: ui.posts, icon: Newspaper, primary: true },
    { to: '/forum', label: ui.forum, icon: MessagesSquare, primary: true },
    { to: '/products', label: ui.products, icon: Package },
    { to: '/marketplace', label: ui.marketplace, icon: Store, primary: true },
  ];
  if (links?.supportStreamUrl)
    items.push({ to: links.supportStreamUrl, label: ui.stream, icon: Radio, external: true });
  items.push({ to: '/messages', label: ui.messages, icon: MessageCircle });
  if (links?.communityChatUrl)
    items.push({ to: links.communityChatUrl, label: ui.community, icon: Users, external: true });
  items.push({ to: '/tickets', label: ui.support, icon: LifeBuoy });
  if (user) {
    items.push({ to: `/profile/${user.id}`, label: ui.profile, icon: User });
  } else {
    items.push({ to: '/login', label: ui.login, icon: LogIn });
  }
  if (user && isStaff(user.role)) items.push({ to: '/admin', label: ui.adminArea, icon: Shield });
  return items;
}
