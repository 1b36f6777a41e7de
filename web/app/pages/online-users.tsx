import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { homeUi as ui } from '../../../contract/texts/home-ui.ts';
import { shellUi } from '../../../contract/texts/shell-ui.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useSession } from '../../lib/session.ts';
import { usePresence } from '../../lib/socket.ts';

/** The home page's left column: signed-in members online now (one entry per member), live. */
export function OnlineUsers() {
  const { user, isPending } = useSession();
  // The list is for members only (issue 36): a visitor is not sent it, and is asked to sign in instead.
  const visitor = !isPending && !user;
  const presence = usePresence();
  return (
    <SectionCard
      title={ui.online}
      icon={Users}
      action={
        visitor ? undefined : (
          <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium text-muted">
            {presence?.count ?? 0}
            <span className="sr-only"> {ui.onlineCount}</span>
          </span>
        )
      }
    >
      {visitor ? (
        <EmptyState
          text={ui.signInToSeeOnline}
          className="py-6"
          action={
            <Link to="/login" className="text-sm font-medium text-primary hover:underline">
              {shellUi.signIn}
            </Link>
          }
        />
      ) : !presence ? (
        <div className="space-y-2" role="status">
          <span className="sr-only">{ui.loadingOnline}</span>
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </div>
      ) : presence.users.length === 0 ? (
        <EmptyState text={ui.noUsersOnline} className="py-6" />
      ) : (
        <ul aria-label={ui.onlineList} className="flex flex-col gap-1">
          {presence.users.map((u) => (
            <li key={u.id}>
              <Link
                to={`/profile/${u.id}`}
                className="flex items-center gap-2.5 rounded-xl px-2 py-1.5 text-sm transition-colors hover:bg-surface-2"
              >
                <span className="relative">
                  <Avatar person={u} className="size-8" />
                  <span
                    className="absolute right-0 bottom-0 size-2.5 rounded-full border-2 border-surface bg-success"
                    aria-hidden="true"
                  />
                </span>
                <span className="truncate font-medium">{u.username}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
