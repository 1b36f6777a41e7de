import { MessagesSquare, ThumbsDown, ThumbsUp } from 'lucide-react';
import { Link } from 'react-router';
import { forumMessages } from '../../../../contract/messages/forum.ts';
import { forumListUi } from '../../../../contract/texts/forum-ui.ts';
import { Card } from '../../../components/ui/card.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useProfileForumThreads } from '../api.ts';

/** The profile's Forum Posts tab: the member's threads with title, category, date and votes. */
export function ForumTab({ userId }: { userId: string }) {
  const threads = useProfileForumThreads(userId, true);
  if (threads.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-20 w-full rounded-2xl" />
        ))}
      </div>
    );
  }
  const items = threads.data?.pages.flatMap((p) => p.items) ?? [];
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<MessagesSquare className="size-8 text-muted/60" aria-hidden="true" />}
        text={forumMessages.noForumPosts}
      />
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {items.map((thread) => (
          <li key={thread.id}>
            <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <Link
                  to={`/forum/post/${thread.id}`}
                  className="font-semibold break-words hover:text-primary"
                >
                  {thread.title}
                </Link>
                <p className="mt-1 text-sm text-muted">
                  {thread.category.name} · <DateTime at={thread.createdAt} short />
                </p>
              </div>
              <div className="flex items-center gap-4 text-sm tabular-nums text-muted">
                <span className="flex items-center gap-1" title={forumListUi.upvotes}>
                  <ThumbsUp className="size-4" aria-hidden="true" />
                  <span className="sr-only">{forumListUi.upvotesLabel}</span> {thread.upvotes}
                </span>
                <span className="flex items-center gap-1" title={forumListUi.downvotes}>
                  <ThumbsDown className="size-4" aria-hidden="true" />
                  <span className="sr-only">{forumListUi.downvotesLabel}</span> {thread.downvotes}
                </span>
              </div>
            </Card>
          </li>
        ))}
      </ul>
      <LoadMore query={threads} variant="secondary" className="flex flex-col" />
    </div>
  );
}
