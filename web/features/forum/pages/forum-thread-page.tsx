import { zodResolver } from '@hookform/resolvers/zod';
import {
  ArrowBigDown,
  ArrowBigUp,
  ArrowLeft,
  Bell,
  BellOff,
  Heart,
  History,
  Lock,
  MessageSquare,
  Pencil,
  Pin,
  Trash2,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import {
  editThreadBody,
  type ForumReply,
  type ForumThread,
  type ForumThreadView,
  replyBody,
} from '../../../../contract/forum.ts';
import { replyAnchor } from '../../../../contract/forum-links.ts';
import { forumMessages as m } from '../../../../contract/messages.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card, SectionCard } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { CookedHtml } from '../../../components/ui/cooked-html.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { ReportButton } from '../../../components/ui/report-button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { formatDateLong, toIsoString } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import {
  type ThreadModeration,
  useDeleteReply,
  useDeleteThread,
  useEditReply,
  useEditThread,
  useForumCategories,
  useForumReplies,
  useForumThread,
  useLikeReply,
  useMarkRead,
  useModerateThread,
  useReply,
  useRevisions,
  useVote,
  useWatch,
} from '../api.ts';
import { MarkdownField } from '../components/markdown-editor.tsx';
import { QuoteButton, QuoteProvider, useQuoteTarget } from '../components/quote.tsx';
import { useScrollToReply } from '../components/reply-anchor.ts';

const isMissing = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 400);

export function ForumThreadPage() {
  return (
    <QuoteProvider>
      <ThreadView />
    </QuoteProvider>
  );
}

function ThreadView() {
  const { postId = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const query = useForumThread(postId);
  const remove = useDeleteThread();
  const [deleting, setDeleting] = useState(false);
  const [editing, setEditing] = useState(false);
  const [history, setHistory] = useState(false);
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
        <article id="thread-post" aria-labelledby="thread-title" className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-3">
            <h1
              id="thread-title"
              className="min-w-0 text-xl font-bold tracking-tight break-words sm:text-2xl"
            >
              {thread.title}
            </h1>
            <span className="-mt-1 ml-auto flex flex-wrap items-center justify-end">
              {user && <WatchButton thread={thread} />}
              <QuoteButton
                label="Quote post"
                author={thread.author.username}
                threadId={thread.id}
                source={thread.content}
                within="thread-post"
              />
              {user && user.id !== thread.author.id && <ReportButton type="thread" id={thread.id} compact />}
            </span>
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
          {(thread.isPinned || thread.isLocked) && (
            <p className="mt-2 flex gap-2">
              {thread.isPinned && (
                <Badge tone="primary">
                  <Pin className="size-3" aria-hidden="true" />
                  Pinned
                </Badge>
              )}
              {thread.isLocked && (
                <Badge tone="warning">
                  <Lock className="size-3" aria-hidden="true" />
                  Locked
                </Badge>
              )}
            </p>
          )}
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted">
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
      {user && thread.abilities.reply ? (
        <ReplyForm threadId={thread.id} />
      ) : thread.isLocked ? (
        <Card className="mt-4 flex items-center gap-2 p-4 text-sm text-muted">
          <Lock className="size-4" aria-hidden="true" />
          {m.threadLocked}
        </Card>
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
      <RevisionsDialog
        kind="threads"
        id={thread.id}
        open={history}
        onOpenChange={setHistory}
        title="Thread history"
      />
    </div>
  );
}

function Edited({ at }: { at: string }) {
  return (
    <span className="text-xs text-muted">
      (edited <time dateTime={toIsoString(at)}>{formatDateLong(at)}</time>)
    </span>
  );
}

/** Edit, pin, lock, move and history, each shown when the server's `abilities` allow it. */
function ThreadActions({
  thread,
  onEdit,
  onHistory,
  editing,
}: {
  thread: ForumThread;
  onEdit: () => void;
  onHistory: () => void;
  editing: boolean;
}) {
  const moderate = useModerateThread(thread.id);
  const { abilities } = thread;
  const run = (change: ThreadModeration, done: string) =>
    moderate.mutate(change, {
      onSuccess: () => toast.success(done),
      onError: (err) => toast.error(errorMessage(err, 'Action failed')),
    });
  if (editing || !(abilities.edit || abilities.pin || abilities.lock || abilities.revisions)) return null;
  return (
    <div className="mt-5 flex flex-wrap items-end gap-2 border-t border-line pt-4">
      {abilities.edit && (
        <Button variant="outline" size="sm" onClick={onEdit}>
          <Pencil className="size-4" aria-hidden="true" />
          Edit
        </Button>
      )}
      {abilities.pin && (
        <Button
          variant="outline"
          size="sm"
          disabled={moderate.isPending}
          onClick={() => run({ pin: !thread.isPinned }, thread.isPinned ? m.unpinned : m.pinned)}
        >
          <Pin className="size-4" aria-hidden="true" />
          {thread.isPinned ? 'Unpin' : 'Pin'}
        </Button>
      )}
      {abilities.lock && (
        <Button
          variant="outline"
          size="sm"
          disabled={moderate.isPending}
          onClick={() => run({ lock: !thread.isLocked }, thread.isLocked ? m.unlocked : m.locked)}
        >
          <Lock className="size-4" aria-hidden="true" />
          {thread.isLocked ? 'Unlock' : 'Lock'}
        </Button>
      )}
      {abilities.revisions && (
        <Button variant="outline" size="sm" onClick={onHistory}>
          <History className="size-4" aria-hidden="true" />
          History
        </Button>
      )}
      {abilities.move && (
        <MoveSelect
          current={thread.category.id}
          disabled={moderate.isPending}
          onMove={(categoryId) => run({ categoryId }, m.moved)}
        />
      )}
    </div>
  );
}

function MoveSelect({
  current,
  disabled,
  onMove,
}: {
  current: string;
  disabled: boolean;
  onMove: (categoryId: string) => void;
}) {
  const categories = useForumCategories();
  return (
    <Select
      label="Move to"
      className="ml-auto w-48"
      value={current}
      disabled={disabled || !categories.data}
      onChange={(e) => {
        if (e.target.value !== current) onMove(e.target.value);
      }}
    >
      {(categories.data?.items ?? []).map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </Select>
  );
}

type EditIn = z.input<typeof editThreadBody>;
type EditOut = z.output<typeof editThreadBody>;

function EditThreadForm({ thread, onDone }: { thread: ForumThread; onDone: () => void }) {
  const edit = useEditThread(thread.id);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EditIn, unknown, EditOut>({
    resolver: zodResolver(editThreadBody),
    defaultValues: { title: thread.title, content: thread.content },
  });
  const onSubmit = handleSubmit((body) =>
    edit.mutate(body, {
      onSuccess: () => {
        toast.success(m.edited);
        onDone();
      },
      onError: (err) => {
        applyServerFieldErrors(err, setError, ['title', 'content']);
        toast.error(errorMessage(err, m.createFailed));
      },
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
      <Input label="Title" error={errors.title?.message} {...register('title')} />
      <MarkdownField control={control} name="content" label="Content" error={errors.content?.message} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={edit.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}

/** Staff: the earlier versions of a thread or a reply, newest first. */
function RevisionsDialog({
  kind,
  id,
  open,
  onOpenChange,
  title,
}: {
  kind: 'threads' | 'replies';
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
}) {
  const query = useRevisions(kind, id, open);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description="Earlier versions, newest first"
    >
      {query.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : !query.data?.items.length ? (
        <p className="text-sm text-muted">{m.noRevisions}</p>
      ) : (
        <ol aria-label="Earlier versions" className="flex max-h-[60vh] flex-col gap-3 overflow-y-auto">
          {query.data.items.map((r) => (
            <li key={r.id} className="rounded-xl border border-line p-3">
              <p className="text-xs text-muted">
                Replaced <time dateTime={toIsoString(r.createdAt)}>{formatDateLong(r.createdAt)}</time>
                {r.editor && <> by {r.editor.username}</>}
              </p>
              {r.title && <p className="mt-1 font-semibold">{r.title}</p>}
              <pre className="mt-1 text-sm whitespace-pre-wrap">{r.content}</pre>
            </li>
          ))}
        </ol>
      )}
    </Dialog>
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

/** Watch (new replies notify you and mark the thread unread) or stop watching. */
function WatchButton({ thread }: { thread: ForumThreadView }) {
  const watch = useWatch(thread.id);
  return (
    <Button
      variant="outline"
      size="sm"
      className="-mt-1 ml-auto shrink-0"
      aria-pressed={thread.watching}
      disabled={watch.isPending}
      onClick={() =>
        watch.mutate(!thread.watching, {
          onSuccess: ({ watching }) => toast.success(watching ? m.watching : m.notWatching),
          onError: (err) => toast.error(errorMessage(err, 'Action failed')),
        })
      }
    >
      {thread.watching ? (
        <BellOff className="size-4" aria-hidden="true" />
      ) : (
        <Bell className="size-4" aria-hidden="true" />
      )}
      {thread.watching ? 'Unwatch' : 'Watch'}
    </Button>
  );
}

function LikeButton({
  reply: r,
  threadId,
  signedIn,
}: {
  reply: ForumReply;
  threadId: string;
  signedIn: boolean;
}) {
  const like = useLikeReply(threadId);
  return (
    <button
      type="button"
      aria-label={r.liked ? 'Unlike' : 'Like'}
      aria-pressed={r.liked}
      disabled={like.isPending}
      onClick={() => {
        if (!signedIn) {
          toast.error(m.loginToLike);
          return;
        }
        like.mutate(
          { id: r.id, liked: !r.liked },
          { onError: (err) => toast.error(errorMessage(err, 'Failed to like')) },
        );
      }}
      className={cn(
        'mt-2 inline-flex items-center gap-1 rounded-lg px-1.5 py-0.5 text-xs transition-colors focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-60',
        r.liked ? 'text-danger' : 'text-muted hover:bg-surface-2',
      )}
    >
      <Heart className={cn('size-3.5', r.liked && 'fill-current')} aria-hidden="true" />
      <span className="tabular-nums">{r.likeCount}</span>
      <span className="sr-only">{r.likeCount === 1 ? 'like' : 'likes'}</span>
    </button>
  );
}

function ReplyItem({
  reply: r,
  threadId,
  signedInId,
  firstUnread,
}: {
  reply: ForumReply;
  threadId: string;
  signedInId: string | null;
  firstUnread: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [history, setHistory] = useState(false);
  const remove = useDeleteReply(threadId);
  return (
    <li
      id={replyAnchor(r.id)}
      tabIndex={-1}
      className="flex scroll-mt-20 gap-3 rounded-xl py-4 outline-none first:pt-0 last:pb-0 focus:bg-surface-2"
    >
      <Avatar username={r.author.username} avatarUrl={r.author.avatarUrl} className="size-8" />
      <div className="min-w-0 flex-1">
        {firstUnread && (
          <p className="mb-1">
            <Badge tone="success">First unread</Badge>
          </p>
        )}
        <p className="flex flex-wrap items-center gap-1 text-xs text-muted">
          <Link to={`/profile/${r.author.id}`} className="font-medium text-fg hover:underline">
            {r.author.username}
          </Link>
          · <time dateTime={toIsoString(r.createdAt)}>{formatDateLong(r.createdAt)}</time>
          {r.editedAt && <Edited at={r.editedAt} />}
        </p>
        {editing ? (
          <EditReplyForm reply={r} threadId={threadId} onDone={() => setEditing(false)} />
        ) : (
          <CookedHtml html={r.contentHtml} className="mt-1 text-sm" />
        )}
        <LikeButton reply={r} threadId={threadId} signedIn={signedInId !== null} />
      </div>
      <div className="flex shrink-0 items-start gap-0.5">
        <QuoteButton
          label="Quote reply"
          author={r.author.username}
          threadId={threadId}
          replyId={r.id}
          source={r.content}
          within={replyAnchor(r.id)}
        />
        {signedInId && signedInId !== r.author.id && <ReportButton type="reply" id={r.id} compact />}
        {r.abilities.edit && !editing && (
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label="Edit reply"
            onClick={() => setEditing(true)}
          >
            <Pencil className="size-4" aria-hidden="true" />
          </Button>
        )}
        {r.abilities.revisions && r.editedAt && (
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label="Reply history"
            onClick={() => setHistory(true)}
          >
            <History className="size-4" aria-hidden="true" />
          </Button>
        )}
        {r.abilities.delete && (
          <Button
            variant="ghost"
            size="icon"
            className="size-8 hover:text-danger"
            aria-label="Delete reply"
            onClick={() => setDeleting(true)}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete reply"
        message={m.confirmDeleteReply}
        onConfirm={() =>
          remove.mutate(r.id, {
            onSuccess: () => {
              toast.success(m.replyDeleted);
              setDeleting(false);
            },
            onError: (err) => toast.error(errorMessage(err, 'Failed to delete reply')),
          })
        }
        pending={remove.isPending}
      />
      <RevisionsDialog
        kind="replies"
        id={r.id}
        open={history}
        onOpenChange={setHistory}
        title="Reply history"
      />
    </li>
  );
}

function EditReplyForm({
  reply,
  threadId,
  onDone,
}: {
  reply: ForumReply;
  threadId: string;
  onDone: () => void;
}) {
  const edit = useEditReply(threadId);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ReplyIn, unknown, ReplyOut>({
    resolver: zodResolver(replyBody),
    defaultValues: { content: reply.content },
  });
  const onSubmit = handleSubmit(({ content }) =>
    edit.mutate(
      { id: reply.id, content },
      {
        onSuccess: () => {
          toast.success(m.edited);
          onDone();
        },
        onError: (err) => {
          applyServerFieldErrors(err, setError, ['content']);
          toast.error(errorMessage(err, m.replyFailed));
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="mt-2 flex flex-col gap-3">
      <MarkdownField
        control={control}
        name="content"
        label="Edit reply"
        error={errors.content?.message}
        rows={4}
      />
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" loading={edit.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}

/**
 * The replies, 20 a page: from the first unread one when the member has some (with the earlier ones a click
 * away), otherwise from the start (with a jump to the first unread one). What is shown is recorded as read.
 */
function Replies({ thread }: { thread: ForumThreadView }) {
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
    <SectionCard
      title={`Replies (${thread.replyCount})`}
      icon={<MessageSquare className="size-4 text-primary" aria-hidden="true" />}
      className="mt-6"
    >
      {from === 'unread' ? (
        <Button variant="ghost" size="sm" className="mb-3" onClick={() => setFrom('start')}>
          Show earlier replies
        </Button>
      ) : (
        firstUnread && (
          <Button variant="ghost" size="sm" className="mb-3" onClick={jump}>
            Jump to first unread
          </Button>
        )
      )}
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
  const form = useRef<HTMLFormElement>(null);
  const {
    control,
    handleSubmit,
    reset,
    setError,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<ReplyIn, unknown, ReplyOut>({
    resolver: zodResolver(replyBody),
    defaultValues: { content: '' },
  });
  // A quote goes after what is written already, and the caret after the quote.
  useQuoteTarget((quote) => {
    const written = (getValues('content') ?? '').trimEnd();
    const content = written ? `${written}\n\n${quote}` : quote;
    setValue('content', content, { shouldDirty: true });
    requestAnimationFrame(() => {
      const textarea = form.current?.querySelector('textarea');
      if (!textarea) return;
      textarea.focus();
      textarea.setSelectionRange(content.length, content.length);
      textarea.scrollIntoView({ block: 'center' });
    });
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
      <form ref={form} noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
        <MarkdownField
          control={control}
          name="content"
          label="Your reply"
          error={errors.content?.message}
          rows={4}
        />
        <div className="flex justify-end">
          <Button type="submit" loading={send.isPending}>
            Post Reply
          </Button>
        </div>
      </form>
    </Card>
  );
}
