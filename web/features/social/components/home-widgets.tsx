import { Download, Newspaper, Users } from 'lucide-react';
import { homeSocialUi as ui } from '../../../../contract/texts/social-ui.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { LinkRows } from '../../../components/ui/link-rows.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useStats } from '../api.ts';

/** Home: Members, Posts and Downloads (one request, shared with the latest posts). */
export function StatsCards() {
  const stats = useStats();
  const cards = [
    { id: 'Members', label: ui.members, value: stats.data?.members, icon: Users },
    { id: 'Posts', label: ui.posts, value: stats.data?.posts, icon: Newspaper },
    { id: 'Downloads', label: ui.downloads, value: stats.data?.downloads, icon: Download },
  ];
  return (
    <section aria-label={ui.communityStats} className="grid grid-cols-3 gap-3 sm:gap-4">
      {cards.map(({ id, label, value, icon: Icon }) => (
        <Card
          key={id}
          className="flex flex-col items-center gap-1 p-4 text-center sm:flex-row sm:gap-4 sm:text-left"
        >
          <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            {stats.isPending ? (
              <Skeleton className="h-7 w-12" />
            ) : (
              <p className="text-xl font-bold tabular-nums sm:text-2xl" aria-describedby={`stat-${id}`}>
                {value === undefined ? '—' : formatNumber(value)}
              </p>
            )}
            <p id={`stat-${id}`} className="text-xs font-medium text-muted sm:text-sm">
              {label}
            </p>
          </div>
        </Card>
      ))}
    </section>
  );
}

/** Home, right column: the 5 latest posts, excerpts clamped to 2 lines, each linking to the feed. */
export function LatestPosts() {
  const stats = useStats();
  return (
    <LinkRows
      pending={stats.isPending}
      items={stats.data?.latestPosts ?? []}
      label={ui.latestPosts}
      empty={ui.noPosts}
      skeleton="h-16 w-full"
      to={(post) => `/posts#post-${post.id}`}
      layout="flex gap-3"
    >
      {(post) => (
        <>
          <Avatar person={post.author} className="size-8" />
          <div className="min-w-0 flex-1">
            <p className="flex items-center justify-between gap-2 text-xs">
              <span className="truncate font-semibold text-fg">{post.author.username}</span>
              <DateTime at={post.createdAt} short className="shrink-0 text-muted" />
            </p>
            <p className="mt-0.5 line-clamp-2 text-sm break-words text-muted">{post.excerpt}</p>
          </div>
        </>
      )}
    </LinkRows>
  );
}
