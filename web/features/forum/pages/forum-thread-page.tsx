import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowBigDown, ArrowBigUp, ArrowLeft, MessageSquare, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { type ForumThread, replyBody } from '../../../../contract/forum.ts';
import { forumMessages as m } from '../../../../contract/messages.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card, SectionCard } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LinkifiedText } from '../../../components/ui/linkified-text.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { ReportButton } from '../../../components/ui/report-button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDateLong, toIsoString } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useDeleteThread, useForumReplies, useForumThread, useReply, useVote } from '../api.ts';

const isMissing = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 400);

export function ForumThreadPage() {
  const { postId = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const query = useForumThread(postId);
  const remove = useDeleteThread();
  const [deleting, setDeleting] = useState(false);
  const failed = query.isError && !isMissing(query.error);

  useEffect(() => {
    if (!failed) return;
    toast.error(m.threadFailed, { id: 'forum-thread' });
    void navigate('/forum', { replace: true });
  }, [failed, navigate]);

  const back = (
    <Link
      to={query.data ? `/forum/c/${query.data.category.id}` : '/forum'}
      className={buttonClasses('ghost', 'sm', 'mb-4 -ml-2')}
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {query.data ? query.data.category.name : 'Forum'}
    </Link>
  );

  if (query.isError && !failed) {
    return (
      <div className="mx-auto w-full max-w-3xl">
        {back}
        <EmptyState text={m.threadNotFound} />
      </div>
    );
  }
  const thread = query.data;
  if (!thread) {
    return (
      <div role="status" aria-live="polite" className="mx-auto w-full max-w-3xl">
        <span className="sr-only">Loading thread…</span>
        {back}
        <Card className="p-6">
          <Skeleton className="h-7 w-2/3" />
          <Skeleton className="mt-4 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-5/6" />
        </Card>
      </div>
    );
  }

  const canDelete = thread.abilities.delete;
  const confirmDelete = () =>
    remove.mutate(thread.id, {
      onSuccess: () => {
        toast.success(m.deleted);
        void navigate(`/forum/c/${thread.category.id}`, { replace: true });
      },
      onError: (err) => toast.error(errorMessage(err, m.deleteFailed)),
    });

  return (
    <div className="mx-auto w-full max-w-3xl">
      {back}
      <Card className="flex gap-4 p-5 sm:p-6">
        <VoteControl thread={thread} signedIn={user !== null} />
        <article aria-labelledby="thread-title" className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-3">
            <h1 id="thread-title" className="text-xl font-bold tracking-tight break-words sm:text-2xl">
              {thread.title}
            </h1>
            {user && user.id !== thread.author.id && (
              <ReportButton type="thread" id={thread.id} compact className="-mt-1 ml-auto" />
            )}
            {canDelete && (
              <Button
                variant="ghost"
                size="icon"
                className="-mt-1 -mr-2 size-9 hover:text-danger"
                aria-label="Delete thread"
                onClick={() => setDeleting(true)}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            )}
          </div>
          <p className="mt-2 flex items-center gap-2 text-sm text-muted">
            <Avatar
              username={thread.author.username}
              avatarUrl={thread.author.avatarUrl}
              className="size-6 text-xs"
            />
            <Link to={`/profile/${thread.author.id}`} className="font-medium text-fg hover:underline">
              {thread.author.username}
            </Link>
            <span aria-hidden="true">·</span>
            <time dateTime={toIsoString(thread.createdAt)}>{formatDateLong(thread.createdAt)}</time>
          </p>
          <LinkifiedText text={thread.content} className="mt-4 leading-relaxed" />
        </article>
      </Card>

      <Replies threadId={thread.id} replyCount={thread.replyCount} />
      {user ? (
        <ReplyForm threadId={thread.id} />
      ) : (
        <Card className="mt-4 flex flex-wrap items-center justify-between gap-3 p-4 text-sm text-muted">
          {m.loginToReply}.
          <Link to="/login" className={buttonClasses('primary', 'sm')}>
            Login
          </Link>
        </Card>
      )}

      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete thread"
        message={m.confirmDelete}
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </div>
  );
}

/** Up/down toggles: pressing the current vote again removes it. */
function VoteControl({ thread, signedIn }: { thread: ForumThread; signedIn: boolean }) {
  const vote = useVote(thread.id);
  const cast = (value: 1 | -1) => {
    if (!signedIn) {
      toast.error(m.loginToVote);
      return;
    }
    vote.mutate(thread.myVote === value ? 0 : value, {
      onError: (err) => toast.error(errorMessage(err, m.voteFailed)),
    });
  };
  const score = thread.upvotes - thread.downvotes;
  const base =
    'grid size-9 place-items-center rounded-lg transition-colors focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-60';
  return (
    <div className="flex shrink-0 flex-col items-center gap-1">
      <button
        type="button"
        aria-label="Upvote"
        aria-pressed={thread.myVote === 1}
        disabled={vote.isPending}
        onClick={() => cast(1)}
        className={cn(
          base,
          thread.myVote === 1 ? 'bg-success/15 text-success' : 'text-muted hover:bg-surface-2',
        )}
      >
        <ArrowBigUp className="size-6" aria-hidden="true" />
      </button>
      <output aria-label="Score" className="text-sm font-semibold tabular-nums">
        {score}
      </output>
      <button
        type="button"
        aria-label="Downvote"
        aria-pressed={thread.myVote === -1}
        disabled={vote.isPending}
        onClick={() => cast(-1)}
        className={cn(
          base,
          thread.myVote === -1 ? 'bg-danger/15 text-danger' : 'text-muted hover:bg-surface-2',
        )}
      >
        <ArrowBigDown className="size-6" aria-hidden="true" />
      </button>
      <span className="sr-only">
        {thread.upvotes} upvotes, {thread.downvotes} downvotes
      </span>
    </div>
  );
}

function Replies({ threadId, replyCount }: { threadId: string; replyCount: number }) {
  const query = useForumReplies(threadId);
  const { user } = useSession();
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <SectionCard
      title={`Replies (${replyCount})`}
      icon={<MessageSquare className="size-4 text-primary" aria-hidden="true" />}
      className="mt-6"
    >
      {query.isPending ? (
        <div role="status" aria-live="polite">
          <span className="sr-only">Loading replies…</span>
          <Skeleton className="h-16 w-full" />
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line px-4 py-6 text-center text-sm text-muted">
          {m.noReplies}
        </p>
      ) : (
        <ol aria-label="Replies" className="flex flex-col divide-y divide-line">
          {items.map((r) => (
            <li key={r.id} className="flex gap-3 py-4 first:pt-0 last:pb-0">
              <Avatar username={r.author.username} avatarUrl={r.author.avatarUrl} className="size-8" />
              <div className="min-w-0 flex-1">
                <p className="text-xs text-muted">
                  <Link to={`/profile/${r.author.id}`} className="font-medium text-fg hover:underline">
                    {r.author.username}
                  </Link>{' '}
                  · <time dateTime={toIsoString(r.createdAt)}>{formatDateLong(r.createdAt)}</time>
                </p>
                <LinkifiedText text={r.content} className="mt-1 text-sm leading-relaxed" />
              </div>
              {user && user.id !== r.author.id && <ReportButton type="reply" id={r.id} compact />}
            </li>
          ))}
        </ol>
      )}
      <LoadMore
        query={query}
        label="Load more replies"
        variant="ghost"
        size="sm"
        className="mt-4 flex justify-center"
      />
    </SectionCard>
  );
}

type ReplyIn = z.input<typeof replyBody>;
type ReplyOut = z.output<typeof replyBody>;

function ReplyForm({ threadId }: { threadId: string }) {
  const send = useReply(threadId);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ReplyIn, unknown, ReplyOut>({
    resolver: zodResolver(replyBody),
    defaultValues: { content: '' },
  });
  const onSubmit = handleSubmit(({ content }) =>
    send.mutate(content, {
      onSuccess: () => {
        toast.success(m.replied);
        reset({ content: '' });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields?.content)
          setError('content', { message: err.fields.content });
        toast.error(errorMessage(err, m.replyFailed));
      },
    }),
  );
  return (
    <Card className="mt-4 p-5">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
        <Textarea label="Your reply" rows={4} error={errors.content?.message} {...register('content')} />
        <div className="flex justify-end">
          <Button type="submit" loading={send.isPending}>
            Post Reply
          </Button>
        </div>
      </form>
    </Card>
  );
}
