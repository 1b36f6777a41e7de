import { Settings } from 'lucide-react';
import type { ReactNode } from 'react';
import { siteSettingsMessages } from '../../../../contract/messages/site-settings.ts';
import { siteSettingsUi as ui } from '../../../../contract/texts/admin-ui.ts';
import { pageTitles } from '../../../../contract/texts/shell-ui.ts';
import { AdminOnlyPage } from '../../../components/ui/admin-only-page.tsx';
import { SkeletonRows } from '../../../components/ui/card-grid.tsx';
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

/** The settings forms' grid, which their skeleton takes while the settings load. */
const formGrid = 'grid gap-4 lg:grid-cols-2';

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
    <PageHeader title={pageTitles.siteSettings} icon={Settings}>
      {ui.intro}
    </PageHeader>
  );
  const s = query.data;
  return (
    <AdminOnlyPage header={header} detail={ui.onlyAdmins}>
      {!s ? (
        <SkeletonRows label={ui.loading} rows={4} layout={formGrid} className="h-48 w-full rounded-2xl" />
      ) : (
        <div className={formGrid}>
          <ThemeForm value={s.siteTheme} />
          <AnimationsForm value={s.animations} />
          <FeeForm value={s.marketplaceFee} />
          <ProtectionForm value={s.buyerProtection} />
          <LinksForm value={{ supportStreamUrl: s.supportStreamUrl, communityChatUrl: s.communityChatUrl }} />
          <Loaded terms={payments}>{(v) => <PaymentsForm value={v} />}</Loaded>
          <Loaded terms={withdrawals}>{(v) => <WithdrawalsForm value={v} />}</Loaded>
          <Loaded terms={review}>{(v) => <ReviewForm value={v} />}</Loaded>
          <Loaded terms={trust}>{(v) => <TrustForm value={v} />}</Loaded>
          <WebhooksCard base="/admin/hooks" intro={ui.staffHookIntro} />
        </div>
      )}
    </AdminOnlyPage>
  );
}

/** A setting read on its own: its form once loaded, a skeleton meanwhile, nothing after a failure (toasted). */
function Loaded<T>({
  terms,
  children,
}: {
  terms: { data?: T; isError: boolean };
  children: (value: T) => ReactNode;
}) {
  if (terms.data !== undefined) return children(terms.data);
  return terms.isError ? null : <Skeleton className="h-48 w-full rounded-2xl" />;
}
