import { ArrowLeft, Ban, MessageSquare, PenSquare, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, NavLink, useNavigate, useParams } from 'react-router';
import { messages } from '../../../../contract/common-messages.ts';
import type { Conversation, ThreadResponse } from '../../../../contract/direct-messages.ts';
import { directMessageTexts as t } from '../../../../contract/messages/direct-messages.ts';
import { messagesUi as ui } from '../../../../contract/texts/messages-ui.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { ConfirmDialog, useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page-header.tsx';
import { SignedOut } from '../../../components/ui/signed-out.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDateParts, toIsoString } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import toast from '../../../lib/toast.ts';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { useConversations, useDeleteConversation, useSetBlock, useThread } from '../api.ts';
import { MessageForm } from '../components/message-form.tsx';
import { OffPlatformWarning } from '../components/off-platform-warning.tsx';

/** /messages and /messages/:userId: conversations on the left, the open thread on the right. */
export function MessagesPage() {
  const { userId } = useParams();
  const { user, isPending } = useSession();
  if (isPending) return <Skeleton className="h-96 w-full rounded-2xl" />;
  if (!user) return <SignedOut text={t.loginToView} />;
  const actions = (
    <ButtonLink to="/messages/new" icon={PenSquare}>
      {ui.newMessage}
    </ButtonLink>
  );

  return (
    <Page width="max-w-6xl" title={ui.messages} icon={MessageSquare} actions={actions}>
      <div className="grid gap-4 md:grid-cols-[20rem_1fr]">
        <div className={cn('min-w-0', userId && 'hidden md:block')}>
          <ConversationList activeId={userId} />
        </div>
        <div className={cn('min-w-0', !userId && 'hidden md:block')}>
          {userId ? (
            <Thread key={userId} userId={userId} meId={user.id} />
          ) : (
            <EmptyState
              className="h-full min-h-80 justify-center"
              icon={<MessageSquare className="size-6" aria-hidden="true" />}
              text={ui.selectConversation}
            />
          )}
        </div>
      </div>
    </Page>
  );
}

function ConversationList({ activeId }: { activeId?: string }) {
  const { data, isPending, isError } = useConversations(true);
  useFailureToast(isError, 'conversations-load', t.loadConversationsFailed);
  if (isPending) {
    return (
      <div role="status" className="space-y-2">
        <span className="sr-only">{ui.loadingConversations}</span>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-16 w-full rounded-2xl" />
        ))}
      </div>
    );
  }
  if (isError) return <EmptyState text={t.loadConversationsFailed} />;
  if (data.items.length === 0) return <EmptyState text={t.noConversations} />;
  return (
    <nav aria-label={ui.conversations}>
      <ul className="flex flex-col gap-1 rounded-2xl border border-line bg-surface p-1.5">
        {data.items.map((c) => (
          <li key={c.user.id}>
            <ConversationItem conversation={c} active={c.user.id === activeId} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ConversationItem({ conversation: c, active }: { conversation: Conversation; active: boolean }) {
  return (
    <NavLink
      to={`/messages/${c.user.id}`}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex items-center gap-3 rounded-xl px-3 py-2.5 transition-colors hover:bg-surface-2',
        active && 'bg-surface-2',
      )}
    >
      <Avatar person={c.user} />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className="truncate text-sm font-semibold">{c.user.username}</span>
          <time dateTime={toIsoString(c.lastMessage.createdAt)} className="shrink-0 text-xs text-muted">
            {formatDateParts(c.lastMessage.createdAt, {})}
          </time>
        </span>
        <span className="flex items-center justify-between gap-2">
          <span className={cn('truncate text-sm', c.unreadCount > 0 ? 'font-medium text-fg' : 'text-muted')}>
            {c.lastMessage.fromMe ? ui.fromYou(c.lastMessage.message) : c.lastMessage.message}
          </span>
          {c.unreadCount > 0 && (
            <span className="grid min-w-5 shrink-0 place-items-center rounded-full bg-primary px-1.5 text-xs leading-5 font-bold text-white">
              {c.unreadCount}
              <span className="sr-only"> {ui.unread}</span>
            </span>
          )}
        </span>
      </span>
    </NavLink>
  );
}

function Thread({ userId, meId }: { userId: string; meId: string }) {
  const navigate = useNavigate();
  const query = useThread(userId);
  const remove = useDeleteConversation();
  const deleting = useConfirm(
    (close) =>
      remove.mutate(userId, {
        onSuccess: () => {
          toast.success(t.deleted);
          close();
          void navigate('/messages');
        },
        onError: (err) => toast.error(errorMessage(err, t.deleteFailed)),
      }),
    remove.isPending,
  );
  const bottomRef = useRef<HTMLLIElement>(null);
  const thread = query.data;
  const lastId = thread?.items.at(-1)?.id;

  useEffect(() => {
    if (!query.isError) return;
    const missing =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    toast.error(missing ? t.loadMessagesFailed : errorMessage(query.error, t.loadMessagesFailed), {
      id: 'thread-load',
    });
    void navigate('/messages', { replace: true });
  }, [query.isError, query.error, navigate]);

  // Scrolls to the newest message when the thread opens and whenever a new one arrives.
  useEffect(() => {
    if (lastId) bottomRef.current?.scrollIntoView({ block: 'end' });
  }, [lastId]);

  if (!thread) {
    return (
      <div role="status" className="rounded-2xl border border-line bg-surface p-4">
        <span className="sr-only">{ui.loadingMessages}</span>
        <Skeleton className="h-10 w-1/2" />
        <Skeleton className="mt-6 ml-auto h-12 w-2/3 rounded-2xl" />
        <Skeleton className="mt-3 h-12 w-2/3 rounded-2xl" />
      </div>
    );
  }

  return (
    <section
      aria-label={ui.conversationWith(thread.user.username)}
      className="flex min-w-0 flex-col rounded-2xl border border-line bg-surface"
    >
      <header className="flex items-center gap-3 border-b border-line p-3">
        <Link
          to="/messages"
          aria-label={ui.backToConversations}
          className={buttonClasses('ghost', 'icon', 'md:hidden')}
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
        <Link
          to={`/profile/${thread.user.id}`}
          className="flex min-w-0 flex-1 items-center gap-3 hover:underline"
        >
          <Avatar person={thread.user} />
          <h2 className="truncate font-semibold">{thread.user.username}</h2>
        </Link>
        <BlockButton thread={thread} />
        <Button variant="ghost" size="icon" aria-label={ui.deleteConversation} onClick={deleting.ask}>
          <Trash2 className="size-5" aria-hidden="true" />
        </Button>
      </header>
      <ol aria-label={ui.messages} className="flex max-h-[60vh] min-h-64 flex-col gap-2 overflow-y-auto p-4">
        {thread.items.length === 0 ? (
          <li className="m-auto text-sm text-muted">{t.noMessages}</li>
        ) : (
          thread.items.map((m) => {
            const mine = m.senderId === meId;
            return (
              <li
                key={m.id}
                className={cn('flex max-w-[80%] flex-col', mine ? 'items-end self-end' : 'items-start')}
              >
                <p
                  className={cn(
                    'rounded-2xl px-3.5 py-2 text-sm whitespace-pre-wrap break-words',
                    mine ? 'rounded-br-md bg-primary text-white' : 'rounded-bl-md bg-surface-2 text-fg',
                  )}
                >
                  {m.message}
                </p>
                {m.offPlatform && <OffPlatformWarning />}
                <DateTime at={m.createdAt} className="mt-0.5 text-[0.7rem] text-muted" />
              </li>
            );
          })
        )}
        {/* An <ol> holds only <li>s (axe: list): the scroll anchor is an empty, hidden item. */}
        <li ref={bottomRef} aria-hidden="true" />
      </ol>
      <div className="border-t border-line p-3">
        {thread.blockedByMe ? (
          <p role="note" className="flex items-center gap-2 text-sm text-muted">
            <Ban className="size-4 shrink-0" aria-hidden="true" />
            {t.blockedByMe}
          </p>
        ) : thread.blockedByThem ? (
          <p role="note" className="flex items-center gap-2 text-sm text-muted">
            <Ban className="size-4 shrink-0" aria-hidden="true" />
            {t.blockedByThem}
          </p>
        ) : (
          <MessageForm recipientId={userId} />
        )}
      </div>
      <ConfirmDialog {...deleting.dialog} title={ui.deleteConversationTitle} message={t.confirmDelete} />
    </section>
  );
}

function BlockButton({ thread }: { thread: ThreadResponse }) {
  const block = useSetBlock(thread.user.id);
  const blocked = thread.blockedByMe;
  return (
    <Button
      icon={Ban}
      variant="ghost"
      size="sm"
      loading={block.isPending}
      onClick={() =>
        block.mutate(!blocked, {
          onSuccess: () => toast.success(blocked ? t.unblocked : t.blocked),
          onError: (err) => toast.error(errorMessage(err, messages.internal)),
        })
      }
    >
      {blocked ? ui.unblock : ui.block}
    </Button>
  );
}
