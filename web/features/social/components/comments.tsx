import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { socialMessages } from '../../../../contract/messages/social.ts';
import type { Comment } from '../../../../contract/social.ts';
import { socialLimits } from '../../../../contract/social-limits.ts';
import { postCardUi as ui } from '../../../../contract/texts/social-ui.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { controlClasses } from '../../../components/ui/form-field.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { ProfileLink } from '../../../components/ui/profile-link.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api.ts';
import toast from '../../../lib/toast.ts';
import { useDomId } from '../../../lib/use-dom-id.ts';
import { useAddComment, useComments, useDeleteComment } from '../api.ts';

/** A post's comments, oldest first, with the add-comment form; members delete their own after confirming. */
export function Comments({ postId, viewerId }: { postId: string; viewerId: string }) {
  const query = useComments(postId, true);
  const comments = query.data?.pages.flatMap((p) => p.items) ?? [];
  const [toDelete, setToDelete] = useState<Comment | null>(null);
  const remove = useDeleteComment(postId);

  return (
    <div className="border-t border-line bg-surface-2/40 px-5 py-4">
      {query.isPending ? (
        <div className="flex flex-col gap-3" aria-hidden="true">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-2/3" />
        </div>
      ) : query.isError ? (
        <p className="text-sm text-danger">{ui.commentsFailed}</p>
      ) : comments.length === 0 ? (
        <p className="text-sm text-muted">{ui.noComments}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={ui.comments}>
          {comments.map((c) => (
            <li key={c.id} className="flex gap-3">
              <Link to={`/profile/${c.author.id}`} aria-hidden="true" tabIndex={-1}>
                <Avatar person={c.author} className="size-8" />
              </Link>
              <div className="min-w-0 flex-1 rounded-xl bg-surface px-3 py-2 shadow-sm">
                <div className="flex items-center gap-2 text-xs">
                  <ProfileLink person={c.author} className="font-semibold text-fg hover:underline" />
                  <DateTime at={c.createdAt} short titled className="text-muted" />
                  {c.author.id === viewerId && (
                    <button
                      type="button"
                      aria-label={ui.deleteComment}
                      onClick={() => setToDelete(c)}
                      className="ml-auto rounded-md p-1 text-muted hover:bg-surface-2 hover:text-danger focus-visible:outline-2 focus-visible:outline-primary"
                    >
                      <Trash2 className="size-3.5" aria-hidden="true" />
                    </button>
                  )}
                </div>
                <p className="mt-1 text-sm break-words whitespace-pre-wrap">{c.content}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <LoadMore query={query} label={ui.showMoreComments} variant="ghost" size="sm" className="mt-2" />
      <AddCommentForm postId={postId} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={ui.deleteCommentTitle}
        message={ui.deleteCommentConfirm}
        pending={remove.isPending}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onSuccess: () => {
              setToDelete(null);
              toast.success(socialMessages.commentDeleted);
            },
            onError: (err) => toast.error(errorMessage(err, socialMessages.deleteCommentFailed)),
          })
        }
      />
    </div>
  );
}

function AddCommentForm({ postId }: { postId: string }) {
  const add = useAddComment(postId);
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | undefined>();
  const id = useDomId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = content.trim();
    if (!text) {
      setError(socialMessages.commentEmpty);
      return;
    }
    add.mutate(text, {
      onSuccess: () => {
        setContent('');
        setError(undefined);
      },
      onError: (err) => toast.error(errorMessage(err, socialMessages.addCommentFailed)),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 flex items-start gap-2">
      <div className="flex-1">
        <label htmlFor={id} className="sr-only">
          {ui.writeComment}
        </label>
        <input
          id={id}
          value={content}
          onChange={(e) => {
            setContent(e.target.value);
            if (error) setError(undefined);
          }}
          maxLength={socialLimits.comment.max}
          placeholder={ui.writeCommentPlaceholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${controlClasses} h-10`}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-danger">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" size="sm" className="h-10" loading={add.isPending}>
        {ui.comment}
      </Button>
    </form>
  );
}
