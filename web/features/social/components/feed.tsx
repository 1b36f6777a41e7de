import { RefreshCw, Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { socialMessages } from '../../../../contract/messages/social.ts';
import type { FeedTab } from '../../../../contract/social.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { shellUi } from '../../../../contract/texts/shell-ui.ts';
import { homeSocialUi, postsUi as ui } from '../../../../contract/texts/social-ui.ts';
import { AwaitingReview } from '../../../components/ui/awaiting-review.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs, useTabs } from '../../../components/ui/tabs.tsx';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { useFeed } from '../api.ts';
import { FeedSkeleton } from './feed-skeleton.tsx';
import { PostCard } from './post-card.tsx';

/*
 * A member's feed: its cards, tabs and form. Its own chunk, which the posts page loads for members only (and the
 * route's loader starts for them at once, beside the feed's data, web/app/route-data.ts): a visitor, whose page
 * is the sign-in prompt, never fetches it (issue 38's first screen).
 */

// The form brings react-hook-form and the zod schemas: members fetch it beside the feed, visitors never.
const PostForm = lazy(() => import('./post-form.tsx').then((m) => ({ default: m.PostForm })));

export function Feed({ viewerId }: { viewerId: string }) {
  const tabs: Record<FeedTab, string> = { 'for-you': ui.forYou, following: ui.following };
  const { value: tab, tabStrip, tabPanel } = useTabs('feed', ui.feed, tabs, 'for-you');
  const feed = useFeed(tab, true);
  const posts = feed.data?.pages.flatMap((p) => p.items) ?? [];
  const sentinel = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();

  useFailureToast(feed.isError, 'posts-load', socialMessages.loadPostsFailed);

  // Infinite scroll: the next page loads when the end of the list comes into view.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // A shared link (/posts#post-<id>) scrolls to its post once the page has it.
  const loaded = feed.isSuccess;
  useEffect(() => {
    if (!loaded || !hash.startsWith('#post-')) return;
    document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);

  return (
    <div className="flex flex-col gap-6">
      {/* The placeholder holds the form card's own height (382 px at every width: its fields stack), so the
          tabs and the feed do not jump down when the form arrives, under a reader's pointer or click. */}
      <Suspense fallback={<Skeleton className="h-[382px] rounded-2xl" />}>
        <PostForm />
      </Suspense>
      <div>
        <Tabs {...tabStrip} />
        <div {...tabPanel} className="mt-5 flex flex-col gap-4 focus-visible:outline-none">
          <AwaitingReview show={(i) => i.kind === 'social_post'} label={ui.postsAwaiting} />
          {feed.isPending ? (
            <FeedSkeleton />
          ) : feed.isError ? (
            <EmptyState
              text={socialMessages.loadPostsFailed}
              action={
                <Button variant="outline" size="sm" onClick={() => feed.refetch()} icon={RefreshCw}>
                  {commonUi.tryAgain}
                </Button>
              }
            />
          ) : posts.length === 0 ? (
            <EmptyState
              icon={<Users className="size-8 text-muted/60" aria-hidden="true" />}
              text={tab === 'following' ? ui.noFollowingPosts : homeSocialUi.noPosts}
            />
          ) : (
            <>
              {posts.map((post) => (
                <PostCard key={post.id} post={post} viewerId={viewerId} />
              ))}
              <div ref={sentinel} />
              {feed.isFetchingNextPage && (
                <div className="flex justify-center py-4">
                  <Spinner label={ui.loadingMore} />
                </div>
              )}
              {feed.hasNextPage && !feed.isFetchingNextPage && (
                <Button variant="outline" className="self-center" onClick={() => feed.fetchNextPage()}>
                  {shellUi.loadMore}
                </Button>
              )}
            </>
          )}
        </div>
      </div>
    </div>
  );
}
