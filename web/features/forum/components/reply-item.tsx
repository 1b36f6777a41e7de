import { Heart, History, type LucideIcon, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { ForumReply } from '../../../../contract/forum.ts';
import { replyAnchor } from '../../../../contract/forum-links.ts';
import { forumMessages as m } from '../../../../contract/messages/forum.ts';
import { communityUi as c } from '../../../../contract/texts/community-ui.ts';
import { forumUi as ui } from '../../../../contract/texts/forum-ui.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog, useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { CookedHtml } from '../../../components/ui/cooked-html.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { ProfileLink } from '../../../components/ui/profile-link.tsx';
import { ReportButton } from '../../../components/ui/report-button.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { withNumber } from '../../../lib/text-parts.tsx';
import toast from '../../../lib/toast.ts';
import { toastOutcome } from '../../../lib/toast-outcome.ts';
import { useDeleteReply, useLikeReply } from '../api.ts';
import { EditReplyForm } from './edit-reply-form.tsx';
import { Edited } from './edited-note.tsx';
import { QuoteButton } from './quote.tsx';
import { RevisionsDialog } from './revisions-dialog.tsx';

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
      aria-label={r.liked ? ui.unlike : ui.like}
      aria-pressed={r.liked}
      disabled={like.isPending}
      onClick={() => {
        if (!signedIn) {
          toast.error(m.loginToLike);
          return;
        }
        like.mutate(
          { id: r.id, liked: !r.liked },
          { onError: (err) => toast.error(errorMessage(err, ui.likeFailed)) },
        );
      }}
      className={cn(
        'mt-2 inline-flex items-center gap-1 rounded-lg px-1.5 py-0.5 text-xs transition-colors focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-60',
        r.liked ? 'text-danger' : 'text-muted hover:bg-surface-2',
      )}
    >
      <Heart className={cn('size-3.5', r.liked && 'fill-current')} aria-hidden="true" />
      {withNumber(
        c.likes(r.likeCount),
        r.likeCount,
        (figure) => (
          <span className="tabular-nums">{figure}</span>
        ),
        (words) => (
          <span className="sr-only">{words.trim()}</span>
        ),
      )}
    </button>
  );
}

export function ReplyItem({
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
  const [history, setHistory] = useState(false);
  const remove = useDeleteReply(threadId);
  const deleting = useConfirm(
    (close) => remove.mutate(r.id, toastOutcome(m.replyDeleted, ui.deleteReplyFailed, close)),
    remove.isPending,
  );
  return (
    <li
      id={replyAnchor(r.id)}
      tabIndex={-1}
      className="flex scroll-mt-20 gap-3 rounded-xl py-4 outline-none first:pt-0 last:pb-0 focus:bg-surface-2"
    >
      <Avatar person={r.author} className="size-8" />
      <div className="min-w-0 flex-1">
        {firstUnread && (
          <p className="mb-1">
            <Badge tone="success">{ui.firstUnread}</Badge>
          </p>
        )}
        <p className="flex flex-wrap items-center gap-1 text-xs text-muted">
          <ProfileLink person={r.author} className="font-medium text-fg hover:underline" />·{' '}
          <DateTime at={r.createdAt} />
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
          label={ui.quoteReply}
          author={r.author.username}
          threadId={threadId}
          replyId={r.id}
          source={r.content}
          within={replyAnchor(r.id)}
        />
        {signedInId && signedInId !== r.author.id && <ReportButton type="reply" id={r.id} compact />}
        {r.abilities.edit && !editing && (
          <IconAction label={ui.editReply} icon={Pencil} onClick={() => setEditing(true)} />
        )}
        {r.abilities.revisions && r.editedAt && (
          <IconAction label={ui.replyHistory} icon={History} onClick={() => setHistory(true)} />
        )}
        {r.abilities.delete && (
          <IconAction
            label={ui.deleteReply}
            className="hover:text-danger"
            icon={Trash2}
            onClick={deleting.ask}
          />
        )}
      </div>
      <ConfirmDialog {...deleting.dialog} title={ui.deleteReply} message={m.confirmDeleteReply} />
      <RevisionsDialog kind="replies" id={r.id} open={history} onOpenChange={setHistory} />
    </li>
  );
}

function IconAction({
  label,
  icon,
  className,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  className?: string;
  onClick: () => void;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn('size-8', className)}
      aria-label={label}
      icon={icon}
      onClick={onClick}
    />
  );
}
