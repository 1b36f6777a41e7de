import { MessageSquare } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ForumThreadView } from '../../../../contract/forum.ts';
import { replyAnchor } from '../../../../contract/forum-links.ts';
import { forumMessages as m } from '../../../../contract/messages/forum.ts';
import { forumUi as ui } from '../../../../contract/texts/forum-ui.ts';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { Loading, Skeleton } from '../../../components/ui/skeleton.tsx';
import { useSession } from '../../../lib/session.ts';
import { useForumReplies, useMarkRead } from '../api.ts';
import { useScrollToReply } from './reply-anchor.ts';
import { ReplyItem } from './reply-item.tsx';

/**
 * The replies, 20 a page: from the first unread one when the member has some (with the earlier ones a click
 * away), otherwise from the start (with a jump to the first unread one). What is shown is recorded as read.
 */
export function Replies({ thread }: { thread: ForumThreadView }) {
  const [from, setFrom] = useState(thread.repliesFrom);
  const query = useForumReplies(thread, from);
  const { user } = useSession();
  const markRead = useMarkRead(thread.id);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  useScrollToReply(items.length > 0);
  const firstUnread = thread.firstUnreadReplyId;
  const lastShown = query.isSuccess ? (items.at(-1)?.id ?? null) : undefined;
  const sent = useRef<string | null | undefined>(undefined);
  const { mutate } = markRead;

  useEffect(() => {
    if (!user || lastShown === undefined || sent.current === lastShown) return;
    sent.current = lastShown;
    mutate(lastShown);
  }, [user, lastShown, mutate]);

  // Opened at the first unread reply: bring it into view once.
  const scrolled = useRef(false);
  useEffect(() => {
    if (scrolled.current || from !== 'unread' || !firstUnread) return;
    scrolled.current = true;
    document.getElementById(replyAnchor(firstUnread))?.scrollIntoView({ block: 'start' });
  }, [from, firstUnread]);

  const jump = () => {
    if (firstUnread && items.some((r) => r.id === firstUnread)) {
      document.getElementById(replyAnchor(firstUnread))?.scrollIntoView({ block: 'start' });
    } else {
      scrolled.current = false;
      setFrom('unread');
    }
  };

  return (
    <SectionCard title={ui.repliesTitle(thread.replyCount)} icon={MessageSquare} className="mt-6">
      {from === 'unread' ? (
        <Button variant="ghost" size="sm" className="mb-3" onClick={() => setFrom('start')}>
          {ui.showEarlier}
        </Button>
      ) : (
        firstUnread && (
          <Button variant="ghost" size="sm" className="mb-3" onClick={jump}>
            {ui.jumpToUnread}
          </Button>
        )
      )}
      {query.isPending ? (
        <Loading label={ui.loadingReplies}>
          <Skeleton className="h-16 w-full" />
        </Loading>
      ) : items.length === 0 ? (
        <EmptyState compact text={m.noReplies} />
      ) : (
        <ol aria-label={ui.replies} className="flex flex-col divide-y divide-line">
          {items.map((r) => (
            <ReplyItem
              key={r.id}
              reply={r}
              threadId={thread.id}
              signedInId={user?.id ?? null}
              firstUnread={r.id === firstUnread}
            />
          ))}
        </ol>
      )}
      <LoadMore
        query={query}
        label={ui.loadMoreReplies}
        variant="ghost"
        size="sm"
        className="mt-4 flex justify-center"
      />
    </SectionCard>
  );
}
