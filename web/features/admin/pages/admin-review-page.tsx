import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { reviewMessages as m } from '../../../../contract/messages/review.ts';
import type { ReviewItem } from '../../../../contract/review.ts';
import { adminUi as ui } from '../../../../contract/texts/admin-ui.ts';
import { pageTitles } from '../../../../contract/texts/shell-ui.ts';
import { SkeletonRows } from '../../../components/ui/card-grid.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { Page } from '../../../components/ui/page-header.tsx';
import { Tabs, useTabs } from '../../../components/ui/tabs.tsx';
import { useAdminList } from '../../../lib/admin-list.ts';
import { useSession } from '../../../lib/session.ts';
import { toastOutcome } from '../../../lib/toast-outcome.ts';
import { type ReviewAction, useReviewDecision, useReviewQueue } from '../api.ts';
import { ReviewCard, statusLabels } from '../components/review-card.tsx';
import { ReviewRejectDialog } from '../components/review-reject-dialog.tsx';

/**
 * The review queue (issue 36): a new member's first posts and posts that tripped a rule wait here unpublished,
 * with flagged direct messages. Approve publishes; reject mails the reason; reject and ban also bans.
 */
export function AdminReviewPage() {
  const { user: me } = useSession();
  const { value: status, tabStrip, tabPanel } = useTabs('review', ui.reviewStatus, statusLabels(), 'pending');
  const query = useReviewQueue(status);
  const items = useAdminList(query, m.loadFailed, 'review-queue-load');
  const decide = useReviewDecision();
  const [rejecting, setRejecting] = useState<{ item: ReviewItem; ban: boolean }>();

  const onDecide = (item: ReviewItem, action: ReviewAction) => {
    if (action !== 'approve') return setRejecting({ item, ban: action === 'reject-and-ban' });
    decide.mutate(
      { id: item.id, action },
      toastOutcome(item.kind === 'direct_message' ? m.dismissed : m.approved, m.decideFailed),
    );
  };
  // The users screen's rule: nobody bans themselves, moderators never ban an admin (the server says so too).
  const canBan = (item: ReviewItem) => item.author.id !== me?.id && !item.author.banned;

  return (
    <Page title={pageTitles.review} icon={ShieldCheck} intro={ui.reviewIntro}>
      <Tabs {...tabStrip} className="mb-4 overflow-x-auto" />
      <div {...tabPanel} className="outline-none">
        {query.isPending ? (
          <SkeletonRows label={ui.loadingReview} rows={3} className="h-56 w-full rounded-2xl" />
        ) : items.length === 0 ? (
          <EmptyState
            icon={<ShieldCheck className="size-8 text-muted/60" aria-hidden="true" />}
            text={m.empty}
          />
        ) : (
          <ul aria-label={ui.reviewQueue} className="flex flex-col gap-3">
            {items.map((item) => (
              <li key={item.id}>
                <ReviewCard
                  item={item}
                  busy={decide.isPending && decide.variables?.id === item.id}
                  canBan={canBan(item)}
                  onDecide={(action) => onDecide(item, action)}
                />
              </li>
            ))}
          </ul>
        )}
        <LoadMore query={query} />
      </div>
      <ReviewRejectDialog target={rejecting} onClose={() => setRejecting(undefined)} decide={decide} />
    </Page>
  );
}
