import { Lock, Pin, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { ForumThreadView } from '../../../../contract/forum.ts';
import { forumMessages as m } from '../../../../contract/messages/forum.ts';
import { communityUi as c } from '../../../../contract/texts/community-ui.ts';
import { forumUi as ui } from '../../../../contract/texts/forum-ui.ts';
import { sentencesUi } from '../../../../contract/texts/sentences-ui.ts';
import { shellUi } from '../../../../contract/texts/shell-ui.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { AwaitingReview } from '../../../components/ui/awaiting-review.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog, useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { CookedHtml } from '../../../components/ui/cooked-html.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { DetailPage, TextDetailSkeleton } from '../../../components/ui/detail-page.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ProfileLink } from '../../../components/ui/profile-link.tsx';
import { ReportButton } from '../../../components/ui/report-button.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import toast from '../../../lib/toast.ts';
import { useDeleteThread, useForumThread } from '../api.ts';
import { EditThreadForm } from '../components/edit-thread-form.tsx';
import { Edited } from '../components/edited-note.tsx';
import { QuoteButton, QuoteProvider } from '../components/quote.tsx';
import { Replies } from '../components/replies.tsx';
import { ReplyForm } from '../components/reply-form.tsx';
import { RevisionsDialog } from '../components/revisions-dialog.tsx';
import { ThreadActions } from '../components/thread-actions.tsx';
import { ThreadWatchButton } from '../components/thread-watch-button.tsx';
import { VoteControl } from '../components/vote-control.tsx';

export function ForumThreadPage() {
  const { postId = '' } = useParams();
  const query = useForumThread(postId);
  return (
    <QuoteProvider>
      <DetailPage
        query={query}
        back={
          query.data
            ? { to: `/forum/c/${query.data.category.id}`, label: query.data.category.name }
            : { to: '/forum', label: ui.forum }
        }
        width="max-w-3xl"
        loadingLabel={ui.loadingThread}
        skeleton={<TextDetailSkeleton title="h-7" />}
        notFound={<EmptyState text={m.threadNotFound} />}
        failedText={m.threadFailed}
        leaveTo="/forum"
      >
        {(thread) => <ThreadView thread={thread} />}
      </DetailPage>
    </QuoteProvider>
  );
}

function ThreadView({ thread }: { thread: ForumThreadView }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const remove = useDeleteThread();
  const [editing, setEditing] = useState(false);
  const [history, setHistory] = useState(false);
  const canDelete = thread.abilities.delete;
  const deleting = useConfirm(
    () =>
      remove.mutate(thread.id, {
        onSuccess: () => {
          toast.success(m.deleted);
          void navigate(`/forum/c/${thread.category.id}`, { replace: true });
        },
        onError: (err) => toast.error(errorMessage(err, m.deleteFailed)),
      }),
    remove.isPending,
  );

  return (
    <>
      <Card className="flex gap-4 p-5 sm:p-6">
        <VoteControl thread={thread} signedIn={user !== null} />
        <article id="thread-post" aria-labelledby="thread-title" className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-3">
            <h1
              id="thread-title"
              className="min-w-0 text-xl font-bold tracking-tight break-words sm:text-2xl"
            >
              {thread.title}
            </h1>
            <span className="-mt-1 ml-auto flex flex-wrap items-center justify-end">
              {user && <ThreadWatchButton thread={thread} />}
              <QuoteButton
                label={ui.quotePost}
                author={thread.author.username}
                threadId={thread.id}
                source={thread.content}
                within="thread-post"
              />
              {user && user.id !== thread.author.id && <ReportButton type="thread" id={thread.id} compact />}
            </span>
            {canDelete && (
              <Button
                icon={Trash2}
                variant="ghost"
                size="icon"
                className="-mt-1 -mr-2 size-9 hover:text-danger"
                aria-label={ui.deleteThread}
                onClick={deleting.ask}
              ></Button>
            )}
          </div>
          {(thread.isPinned || thread.isLocked) && (
            <p className="mt-2 flex gap-2">
              {thread.isPinned && (
                <Badge tone="primary">
                  <Pin className="size-3" aria-hidden="true" />
                  {c.pinned}
                </Badge>
              )}
              {thread.isLocked && (
                <Badge tone="warning">
                  <Lock className="size-3" aria-hidden="true" />
                  {c.locked}
                </Badge>
              )}
            </p>
          )}
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted">
            <Avatar person={thread.author} className="size-6 text-xs" />
            <ProfileLink person={thread.author} className="font-medium text-fg hover:underline" />
            <span aria-hidden="true">·</span>
            <DateTime at={thread.createdAt} />
            {thread.editedAt && <Edited at={thread.editedAt} />}
          </p>
          {editing ? (
            <EditThreadForm thread={thread} onDone={() => setEditing(false)} />
          ) : (
            <CookedHtml html={thread.contentHtml} className="mt-4" />
          )}
          <ThreadActions
            thread={thread}
            onEdit={() => setEditing(true)}
            onHistory={() => setHistory(true)}
            editing={editing}
          />
        </article>
      </Card>

      <Replies key={thread.id} thread={thread} />
      <div className="mt-4">
        <AwaitingReview show={(i) => i.threadId === thread.id} label={ui.repliesAwaiting} />
      </div>
      {user && thread.abilities.reply ? (
        <ReplyForm threadId={thread.id} />
      ) : thread.isLocked ? (
        <Card className="mt-4 flex items-center gap-2 p-4 text-sm text-muted">
          <Lock className="size-4" aria-hidden="true" />
          {m.threadLocked}
        </Card>
      ) : (
        <Card className="mt-4 flex flex-wrap items-center justify-between gap-3 p-4 text-sm text-muted">
          {sentencesUi.loginToReply}
          <Link to="/login" className={buttonClasses('primary', 'sm')}>
            {shellUi.login}
          </Link>
        </Card>
      )}

      <ConfirmDialog {...deleting.dialog} title={ui.deleteThread} message={m.confirmDelete} />
      <RevisionsDialog kind="threads" id={thread.id} open={history} onOpenChange={setHistory} />
    </>
  );
}
