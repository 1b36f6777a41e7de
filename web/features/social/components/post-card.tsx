import { Heart, MessageCircle, Share2, Trash2, UserCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { socialMessages } from '../../../../contract/messages/social.ts';
import type { Post } from '../../../../contract/social.ts';
import { communityUi as c } from '../../../../contract/texts/community-ui.ts';
import { postCardUi as ui } from '../../../../contract/texts/social-ui.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog, useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { HostedImage } from '../../../components/ui/hosted-image.tsx';
import { ReportButton } from '../../../components/ui/report-button.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../lib/format.ts';
import toast from '../../../lib/toast.ts';
import { useDeletePost, useToggleFollow, useToggleLike } from '../api.ts';
import { Comments } from './comments.tsx';

/** The address a post is shared by: the feed, scrolled to the post. */
export function postLink(postId: string): string {
  return `${window.location.origin}/posts#post-${postId}`;
}

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Older browsers and non-secure contexts: the selection-and-copy fallback.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}

const actionClasses =
  'inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-muted transition-colors hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-primary';

export function PostCard({ post, viewerId }: { post: Post; viewerId: string }) {
  const [showComments, setShowComments] = useState(false);
  const like = useToggleLike();
  const follow = useToggleFollow();
  const remove = useDeletePost();
  const deleting = useConfirm(
    (close) =>
      remove.mutate(post.id, {
        onSuccess: () => {
          close();
          toast.success(socialMessages.postDeleted);
        },
        onError: (err) => toast.error(errorMessage(err, socialMessages.deletePostFailed)),
      }),
    remove.isPending,
  );
  const mine = post.author.id === viewerId;
  const commentsId = `post-${post.id}-comments`;

  const toggleLike = () =>
    like.mutate(
      { postId: post.id, like: !post.likedByMe },
      { onError: (err) => toast.error(errorMessage(err, socialMessages.likeFailed)) },
    );

  const toggleFollow = () =>
    follow.mutate(
      { userId: post.author.id, follow: !post.followingAuthor },
      {
        onSuccess: (res) =>
          toast.success(res.following ? socialMessages.followed : socialMessages.unfollowed),
        onError: (err) => toast.error(errorMessage(err, socialMessages.followFailed)),
      },
    );

  const share = () =>
    copyText(postLink(post.id)).then(
      () => toast.success(socialMessages.linkCopied),
      () => toast.error(ui.copyFailed),
    );

  return (
    <Card className="scroll-mt-24 overflow-hidden" id={`post-${post.id}`}>
      <article aria-labelledby={`post-${post.id}-author`}>
        <header className="flex items-center gap-3 px-5 pt-5">
          <Link to={`/profile/${post.author.id}`} tabIndex={-1} aria-hidden="true">
            <Avatar person={post.author} className="size-10" />
          </Link>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <Link
                id={`post-${post.id}-author`}
                to={`/profile/${post.author.id}`}
                className="truncate font-semibold hover:underline"
              >
                {post.author.username}
              </Link>
              {post.author.role === 'admin' && <Badge tone="danger">{c.admin}</Badge>}
              {post.author.role === 'moderator' && <Badge tone="primary">{c.moderator}</Badge>}
            </div>
            <DateTime at={post.createdAt} className="text-xs text-muted" />
          </div>
          {!mine && (
            <Button
              variant={post.followingAuthor ? 'secondary' : 'outline'}
              size="sm"
              loading={follow.isPending}
              onClick={toggleFollow}
              aria-label={
                post.followingAuthor
                  ? ui.unfollowUser(post.author.username)
                  : ui.followUser(post.author.username)
              }
              icon={post.followingAuthor ? UserCheck : UserPlus}
            >
              <span aria-hidden="true">{post.followingAuthor ? c.unfollow : c.follow}</span>
            </Button>
          )}
          {!mine && <ReportButton type="post" id={post.id} compact />}
          {mine && (
            <Button
              icon={Trash2}
              variant="ghost"
              size="icon"
              aria-label={ui.deletePost}
              onClick={deleting.ask}
              className="hover:text-danger"
            ></Button>
          )}
        </header>

        <p className="px-5 pt-3 text-[15px] leading-relaxed break-words whitespace-pre-wrap">
          {post.content}
        </p>
        {post.imageUrl && (
          <div className="px-5 pt-3">
            <HostedImage
              src={post.imageUrl}
              alt=""
              className="max-h-[28rem] w-full rounded-xl border border-line object-cover"
            />
          </div>
        )}

        <footer className="mt-3 flex items-center gap-1 border-t border-line px-3 py-2">
          <button
            type="button"
            onClick={toggleLike}
            aria-pressed={post.likedByMe}
            aria-label={post.likedByMe ? ui.unlikeCount(post.likeCount) : ui.likeCount(post.likeCount)}
            className={cn(actionClasses, post.likedByMe && 'text-danger hover:text-danger')}
          >
            <Heart className={cn('size-4', post.likedByMe && 'fill-current')} aria-hidden="true" />
            <span aria-hidden="true">{formatNumber(post.likeCount)}</span>
          </button>
          <button
            type="button"
            onClick={() => setShowComments((v) => !v)}
            aria-expanded={showComments}
            aria-controls={commentsId}
            aria-label={ui.commentCount(post.commentCount)}
            className={cn(actionClasses, showComments && 'text-primary')}
          >
            <MessageCircle className="size-4" aria-hidden="true" />
            <span aria-hidden="true">{formatNumber(post.commentCount)}</span>
          </button>
          <button type="button" onClick={share} className={cn(actionClasses, 'ml-auto')}>
            <Share2 className="size-4" aria-hidden="true" />
            {ui.share}
          </button>
        </footer>
        <div id={commentsId}>{showComments && <Comments postId={post.id} viewerId={viewerId} />}</div>
      </article>

      <ConfirmDialog {...deleting.dialog} title={ui.deletePostTitle} message={ui.deletePostConfirm} />
    </Card>
  );
}
