import { Lock, MessageSquare, MessagesSquare, Pin, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { forumMessages as m } from '../../../../contract/messages/forum.ts';
import { communityUi as c } from '../../../../contract/texts/community-ui.ts';
import { forumListUi, forumUi as ui } from '../../../../contract/texts/forum-ui.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { AwaitingReview } from '../../../components/ui/awaiting-review.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SkeletonRows } from '../../../components/ui/card-grid.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { PageBackLink } from '../../../components/ui/detail-page.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page-header.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { ProfileLink } from '../../../components/ui/profile-link.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import { withParts } from '../../../lib/text-parts.tsx';
import toast from '../../../lib/toast.ts';
import { useForumCategories, useForumThreads } from '../api.ts';
import { NewThreadDialog } from '../components/new-thread-dialog.tsx';
import { VoteCounts } from '../components/vote-score.tsx';

export function ForumCategoryPage() {
  const { categoryId = '' } = useParams();
  const { user } = useSession();
  const categories = useForumCategories();
  const threads = useForumThreads(categoryId);
  const [composing, setComposing] = useState(false);
  const category = categories.data?.items.find((cat) => cat.id === categoryId);
  const missing =
    (categories.isSuccess && !category) ||
    (threads.error instanceof ApiError && (threads.error.status === 404 || threads.error.status === 400));

  useEffect(() => {
    if (threads.isError && !missing) toast.error(m.loadFailed, { id: 'forum-threads' });
  }, [threads.isError, missing]);

  const back = <PageBackLink to="/forum" label={ui.allCategories} />;
  if (missing) {
    return (
      <div className="mx-auto w-full max-w-4xl">
        {back}
        <EmptyState text={m.categoryNotFound} />
      </div>
    );
  }

  const actions = user ? (
    <Button onClick={() => setComposing(true)} disabled={!category} icon={Plus}>
      {ui.newThread}
    </Button>
  ) : (
    <Link to="/login" className={buttonClasses('outline', 'md')}>
      {ui.loginToPost}
    </Link>
  );
  return (
    <Page
      width="max-w-4xl"
      back={back}
      title={category?.name ?? ui.forum}
      icon={MessagesSquare}
      intro={category?.description}
      actions={actions}
    >
      <AwaitingReview show={(i) => i.categoryId === categoryId} label={ui.threadsAwaiting} />
      <PagedList
        query={threads}
        loading={<SkeletonRows label={ui.loadingThreads} rows={6} className="h-20 w-full rounded-2xl" />}
        empty={<EmptyState text={m.noThreads} />}
        label={ui.threads}
      >
        {(th) => (
          <Card className="flex items-start gap-4 p-4 transition hover:border-primary/40 sm:p-5">
            <Avatar person={th.author} />
            <div className="min-w-0 flex-1">
              <h2 className="font-semibold leading-6 break-words">
                {/* A block of the line's height: a short title is still a 24 px target (WCAG 2.5.8). */}
                <Link
                  to={`/forum/post/${th.id}`}
                  className="inline-block hover:text-primary focus-visible:underline"
                >
                  {th.title}
                </Link>
                {th.unread && (
                  <Badge tone="success" className="ml-2 align-middle">
                    {ui.newReplies}
                  </Badge>
                )}
                {th.isPinned && (
                  <Badge tone="primary" className="ml-2 align-middle">
                    <Pin className="size-3" aria-hidden="true" />
                    {c.pinned}
                  </Badge>
                )}
                {th.isLocked && (
                  <Badge tone="warning" className="ml-2 align-middle">
                    <Lock className="size-3" aria-hidden="true" />
                    {c.locked}
                  </Badge>
                )}
              </h2>
              <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
                <span>
                  {withParts(
                    ui.byAuthor,
                    <ProfileLink person={th.author} className="text-fg hover:underline" />,
                  )}
                </span>
                <span>
                  {withParts(
                    (when: string) =>
                      th.lastPoster && th.replyCount > 0
                        ? ui.lastActivityBy(when, th.lastPoster.username)
                        : ui.lastActivity(when),
                    <DateTime at={th.lastActivityAt} short />,
                  )}
                </span>
                <span className="inline-flex items-center gap-1">
                  <MessageSquare className="size-3.5" aria-hidden="true" />
                  {forumListUi.replyCount(th.replyCount)}
                </span>
                <VoteCounts upvotes={th.upvotes} downvotes={th.downvotes} />
              </p>
            </div>
          </Card>
        )}
      </PagedList>
      {category && (
        <NewThreadDialog
          open={composing}
          onOpenChange={setComposing}
          categoryId={category.id}
          categoryName={category.name}
        />
      )}
    </Page>
  );
}
