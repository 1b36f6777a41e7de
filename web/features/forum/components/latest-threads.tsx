import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { forumMessages as m } from '../../../../contract/messages/forum.ts';
import { forumListUi } from '../../../../contract/texts/forum-ui.ts';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLatestThreads } from '../api.ts';

/** The home page's newest forum threads by last activity, with their category and reply count. */
export function LatestThreads() {
  const query = useLatestThreads();
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-hidden="true">
        {Array.from({ length: 3 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders, never reordered
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
    );
  }
  const threads = query.data?.items ?? [];
  if (threads.length === 0) {
    return <EmptyState compact text={m.noThreads} />;
  }
  return (
    <ul className="flex flex-col gap-1" aria-label={m.latestThreads}>
      {threads.map((th) => (
        <li key={th.id}>
          <Link
            to={`/forum/post/${th.id}`}
            className="block rounded-xl p-2 transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary"
          >
            <p className="line-clamp-2 text-sm font-semibold break-words text-fg">{th.title}</p>
            <p className="mt-0.5 flex items-center gap-2 text-xs text-muted">
              <span className="truncate">{th.category.name}</span>
              <span className="inline-flex shrink-0 items-center gap-1">
                <MessageSquare className="size-3" aria-hidden="true" />
                {forumListUi.replyCount(th.replyCount)}
              </span>
              <DateTime at={th.lastActivityAt} short className="ml-auto shrink-0" />
            </p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
