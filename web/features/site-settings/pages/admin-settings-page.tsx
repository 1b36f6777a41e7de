import { Settings, ShieldAlert } from 'lucide-react';
import { staffHookBody, staffHookEvents } from '../../../../contract/hooks.ts';
import { siteSettingsMessages } from '../../../../contract/messages.ts';
import { SkeletonRows } from '../../../components/ui/card-grid.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { WebhooksCard } from '../../../components/ui/webhooks-card.tsx';
import { useSession } from '../../../lib/session.ts';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { useSiteSettings } from '../api.ts';
import { PaymentsForm, WithdrawalsForm } from '../components/money-setting-forms.tsx';
import { ReviewForm } from '../components/review-setting-form.tsx';
import {
  AnimationsForm,
  FeeForm,
  LinksForm,
  ProtectionForm,
  ThemeForm,
} from '../components/setting-forms.tsx';
import { TrustForm } from '../components/trust-setting-form.tsx';
import { usePaymentTerms, useWithdrawalTerms } from '../money-terms.ts';
import { useReviewTerms } from '../review-terms.ts';
import { useTrustTerms } from '../trust-terms.ts';

/** Site settings: admins only; moderators see Access Denied (spec §2 Admin). */
export function AdminSettingsPage() {
  const { user } = useSession();
  const query = useSiteSettings();
  const payments = usePaymentTerms(user?.role === 'admin');
  const withdrawals = useWithdrawalTerms(user?.role === 'admin');
  const review = useReviewTerms(user?.role === 'admin');
  const trust = useTrustTerms(user?.role === 'admin');
  const failed = payments.isError || withdrawals.isError || review.isError || trust.isError;
  useFailureToast(failed, 'money-terms-load', siteSettingsMessages.loadFailed);
  const header = (
    <PageHeader title="Site Settings" icon={Settings}>
      Changes apply live for every visitor.
    </PageHeader>
  );
  if (user?.role !== 'admin') {
    return (
      <div>
        {header}
        <EmptyState
          icon={<ShieldAlert className="size-8 text-danger" aria-hidden="true" />}
          text="Access Denied"
          action={<p className="text-xs">Only admins can change site settings.</p>}
        />
      </div>
    );
  }
  const s = query.data;
  return (
    <div>
      {header}
      {!s ? (
        <SkeletonRows
          label="Loading settings…"
          rows={4}
          layout="grid gap-4 lg:grid-cols-2"
          className="h-48 w-full rounded-2xl"
        />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <ThemeForm value={s.siteTheme} />
          <AnimationsForm value={s.animations} />
          <FeeForm value={s.marketplaceFee} />
          <ProtectionForm value={s.buyerProtection} />
          <LinksForm value={{ supportStreamUrl: s.supportStreamUrl, communityChatUrl: s.communityChatUrl }} />
          {payments.data ? (
            <PaymentsForm value={payments.data} />
          ) : (
            !payments.isError && <Skeleton className="h-48 w-full rounded-2xl" />
          )}
          {withdrawals.data ? (
            <WithdrawalsForm value={withdrawals.data} />
          ) : (
            !withdrawals.isError && <Skeleton className="h-48 w-full rounded-2xl" />
          )}
          {review.data ? (
            <ReviewForm value={review.data} />
          ) : (
            !review.isError && <Skeleton className="h-48 w-full rounded-2xl" />
          )}
          {trust.data ? (
            <TrustForm value={trust.data} />
          ) : (
            !trust.isError && <Skeleton className="h-48 w-full rounded-2xl" />
          )}
          <WebhooksCard
            base="/admin/hooks"
            schema={staffHookBody}
            events={staffHookEvents}
            intro="The staff hook: new reports, disputes and withdrawal requests, in a Discord channel or a Telegram chat."
          />
        </div>
      )}
    </div>
  );
}
