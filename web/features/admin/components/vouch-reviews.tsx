import { ShieldQuestion, Star } from 'lucide-react';
import { reputationMessages as m } from '../../../../contract/messages/reputation.ts';
import type { FlaggedVouch } from '../../../../contract/reputation.ts';
import { adminUi as ui } from '../../../../contract/texts/admin-ui.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { DecisionButtons, yesNo } from '../../../components/ui/decision-buttons.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ListingTitle } from '../../../components/ui/listing-title.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { ProfileLink } from '../../../components/ui/profile-link.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs, useTabs } from '../../../components/ui/tabs.tsx';
import { toastOutcome } from '../../../lib/toast-outcome.ts';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { useFlaggedVouches, useReviewVouch } from '../api.ts';
import { statusLabels, statusTones } from './review-card.tsx';

const Person = ({ who }: { who: { id: string; username: string } | null }) =>
  who ? (
    <ProfileLink person={who} className="font-medium hover:text-primary" />
  ) : (
    <span className="text-muted italic">{ui.deletedUser}</span>
  );

/**
 * Feedback from an account that trades mostly with its seller (more than half of both accounts' orders are
 * with each other): not counted until staff approve it; rejected, it stays out. Every decision is audited.
 */
export function VouchReviews() {
  const {
    value: status,
    tabStrip,
    tabPanel,
  } = useTabs('vouch-reviews', ui.flaggedFeedback, statusLabels(), 'pending');
  const query = useFlaggedVouches(status);
  const review = useReviewVouch();
  useFailureToast(query.isError, 'vouch-reviews-load', m.loadFailed, query.error);
  const decide = (v: FlaggedVouch, action: 'approve' | 'reject') =>
    review.mutate(
      { id: v.id, action },
      toastOutcome(action === 'approve' ? m.approved : m.rejected, m.reviewFailed),
    );

  return (
    <section aria-labelledby="vouch-reviews-heading" className="mt-10">
      <h2 id="vouch-reviews-heading" className="mb-1 flex items-center gap-2 text-lg font-semibold">
        <ShieldQuestion className="size-5 text-primary" aria-hidden="true" />
        {ui.vouchHeading}
      </h2>
      <p className="mb-4 text-sm text-muted">{ui.vouchIntro}</p>
      <Tabs {...tabStrip} className="mb-4" />
      <div {...tabPanel} className="outline-none">
        <PagedList
          query={query}
          loading={<Skeleton className="h-28 w-full rounded-2xl" />}
          empty={<EmptyState text={m.empty} className="py-8" />}
          label={ui.flaggedFeedback}
        >
          {(v) => (
            <Card className="flex flex-col gap-2 p-4 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={statusTones[v.review]}>{statusLabels()[v.review]}</Badge>
                <Person who={v.from} />
                <span className="text-muted">{ui.rated}</span>
                <Person who={v.to} />
                <span className="inline-flex items-center gap-1" role="img" aria-label={ui.stars(v.rating)}>
                  <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
                  {v.rating}/5
                </span>
                <DateTime at={v.createdAt} className="ml-auto text-xs text-muted" />
              </div>
              <p className="break-words whitespace-pre-line">{v.comment}</p>
              <p className="text-xs text-muted">
                {ui.on} <ListingTitle of={v} className="hover:text-primary" />.{' '}
                {ui.pairOrders(v.pairOrders, v.fromOrders, v.toOrders)}
              </p>
              {v.review === 'pending' ? (
                <DecisionButtons
                  decisions={yesNo(
                    { action: 'approve', label: ui.approve },
                    { action: 'reject', label: ui.reject },
                    ui.feedbackFrom(v.from?.username ?? ui.aDeletedUser),
                    (action) => decide(v, action),
                  )}
                  busy={review.isPending}
                />
              ) : (
                v.reviewedBy && (
                  <p className="text-xs text-muted">
                    {ui.settledBy(statusLabels()[v.review], v.reviewedBy.username)}
                  </p>
                )
              )}
            </Card>
          )}
        </PagedList>
      </div>
    </section>
  );
}
