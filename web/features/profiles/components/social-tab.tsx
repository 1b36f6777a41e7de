import { Heart, Star, UserCheck } from 'lucide-react';
import { marketplaceMessages } from '../../../../contract/messages/marketplace.ts';
import { socialMessages } from '../../../../contract/messages/social.ts';
import { communityUi as c } from '../../../../contract/texts/community-ui.ts';
import { profileUi as ui } from '../../../../contract/texts/profile-ui.ts';
import { homeSocialUi } from '../../../../contract/texts/social-ui.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { HostedImage } from '../../../components/ui/hosted-image.tsx';
import { ListingTitle } from '../../../components/ui/listing-title.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { ProfileLink } from '../../../components/ui/profile-link.tsx';
import { SellerFigures } from '../../../components/ui/seller-figures.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { withNumber } from '../../../lib/text-parts.tsx';
import { useProfileFeedback, useProfilePosts } from '../api.ts';

/** Feedback (filled by the marketplace) and the member's social posts with their like counts. */
export function SocialTab({ userId }: { userId: string }) {
  const posts = useProfilePosts(userId, true);
  const items = posts.data?.pages.flatMap((p) => p.items) ?? [];
  const feedback = useProfileFeedback(userId);
  const first = feedback.data?.pages[0];
  const entries = feedback.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="feedback-heading" className="flex flex-col gap-4">
        <h2 id="feedback-heading" className="text-lg font-semibold">
          {ui.feedback}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <Card className="flex items-center gap-4 p-5">
            <Star className="size-8 text-amber-500" aria-hidden="true" />
            <div>
              <p className="text-2xl font-bold tabular-nums">
                {(first?.averageRating ?? 0).toFixed(1)}{' '}
                <span className="text-base font-medium text-muted">/ 5.0</span>
              </p>
              <p className="text-xs text-muted">{ui.averageRating}</p>
            </div>
          </Card>
          <Card className="flex items-center gap-4 p-5">
            <UserCheck className="size-8 text-success" aria-hidden="true" />
            <div>
              <p className="text-2xl font-bold tabular-nums">{first?.vouches ?? 0}</p>
              <p className="text-xs text-muted">{ui.vouches}</p>
            </div>
          </Card>
        </div>
        {first && (
          <Card className="p-4">
            <SellerFigures reputation={first} />
          </Card>
        )}
        {feedback.isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : entries.length === 0 ? (
          <EmptyState text={ui.noFeedback} className="py-8" />
        ) : (
          <ul aria-label={ui.feedbackEntries} className="flex flex-col gap-3">
            {entries.map((f) => (
              <li key={f.id}>
                <Card className="p-4">
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    {f.author ? (
                      <ProfileLink person={f.author} className="font-medium hover:underline" />
                    ) : (
                      <span className="font-medium text-muted">{ui.formerMember}</span>
                    )}
                    <span className="text-muted">·</span>
                    <DateTime at={f.createdAt} className="text-muted" />
                    {/* Only its author sees a vouch held for review, until staff decide. */}
                    {f.awaitingReview && <Badge tone="warning">{marketplaceMessages.awaitingReview}</Badge>}
                    <span className="ml-auto flex" role="img" aria-label={ui.stars(f.rating)}>
                      {[1, 2, 3, 4, 5].map((n) => (
                        <Star
                          key={n}
                          className={
                            n <= f.rating ? 'size-4 fill-amber-400 text-amber-400' : 'size-4 text-muted'
                          }
                          aria-hidden="true"
                        />
                      ))}
                    </span>
                  </div>
                  <p className="mt-2 text-sm break-words whitespace-pre-line">{f.comment}</p>
                  <p className="mt-1 text-xs text-muted">
                    <ListingTitle of={f} className="hover:underline" />
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="social-heading" className="flex flex-col gap-4">
        <h2 id="social-heading" className="text-lg font-semibold">
          {ui.socialPosts}
        </h2>
        {posts.isPending ? (
          <div className="flex flex-col gap-3" role="status">
            <span className="sr-only">{c.loadingPosts}</span>
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : posts.isError ? (
          <EmptyState text={socialMessages.loadPostsFailed} className="py-8" />
        ) : items.length === 0 ? (
          <EmptyState text={homeSocialUi.noPosts} className="py-8" />
        ) : (
          <ul className="flex flex-col gap-3" aria-label={ui.socialPosts}>
            {items.map((post) => (
              <li key={post.id}>
                <Card className="p-5">
                  <p className="text-[15px] leading-relaxed break-words whitespace-pre-wrap">
                    {post.content}
                  </p>
                  {post.imageUrl && (
                    <HostedImage
                      src={post.imageUrl}
                      alt=""
                      className="mt-3 max-h-80 w-full rounded-xl border border-line object-cover"
                      linkClassName="mt-3"
                    />
                  )}
                  <div className="mt-3 flex items-center justify-between text-xs text-muted">
                    <DateTime at={post.createdAt} />
                    <span className="inline-flex items-center gap-1">
                      <Heart className="size-3.5" aria-hidden="true" />
                      {withNumber(
                        c.likes(post.likeCount),
                        post.likeCount,
                        (figure) => figure,
                        (words) => (
                          <span className="sr-only">{words.trim()}</span>
                        ),
                      )}
                    </span>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
        <LoadMore query={posts} className="self-center" />
      </section>
    </div>
  );
}
