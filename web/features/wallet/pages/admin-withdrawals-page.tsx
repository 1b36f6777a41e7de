import { Banknote } from 'lucide-react';
import { withdrawalMessages as m } from '../../../../contract/messages/withdrawal.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { sentencesUi } from '../../../../contract/texts/sentences-ui.ts';
import {
  withdrawalQueueUi as q,
  walletUi as ui,
  withdrawalStatusLabels,
} from '../../../../contract/texts/wallet-ui.ts';
import type { AdminWithdrawal } from '../../../../contract/withdrawals.ts';
import { AdminOnlyPage } from '../../../components/ui/admin-only-page.tsx';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Tabs, useTabs } from '../../../components/ui/tabs.tsx';
import { useRowConfirm } from '../../../lib/admin-list.ts';
import { useNow } from '../../../lib/orders.ts';
import { useAdminWithdrawals, useDecideWithdrawal, type WithdrawalFilter } from '../api.ts';
import { AdminWithdrawalRow } from '../components/admin-withdrawal-row.tsx';
import { ApproveDialog, RejectDialog } from '../components/decide-withdrawal-dialogs.tsx';

/** The withdrawal queue (admins): each request with the seller's record, approved or rejected with a word. */
export function AdminWithdrawalsPage() {
  return (
    <AdminOnlyPage
      header={
        <PageHeader title={q.title} icon={Banknote}>
          {q.intro}
        </PageHeader>
      }
      detail={sentencesUi.onlyAdminsWithdrawals}
    >
      <WithdrawalQueue />
    </AdminOnlyPage>
  );
}

function WithdrawalQueue() {
  const tabs: Record<WithdrawalFilter, string> = {
    pending: q.pending,
    processing: withdrawalStatusLabels.processing,
    completed: withdrawalStatusLabels.completed,
    rejected: withdrawalStatusLabels.rejected,
    failed: withdrawalStatusLabels.failed,
    all: commonUi.all,
  };
  const { value: status, tabStrip, tabPanel } = useTabs('withdrawals', q.statusTabs, tabs, 'pending');
  const query = useAdminWithdrawals(status);
  const decide = useDecideWithdrawal();
  const approving = useRowConfirm<AdminWithdrawal>();
  const rejecting = useRowConfirm<AdminWithdrawal>();
  const now = useNow(60_000);
  return (
    <>
      <Tabs {...tabStrip} className="mb-4 overflow-x-auto" />
      <div {...tabPanel} className="outline-none">
        <AdminTable
          query={query}
          texts={{
            failed: m.loadFailed,
            loading: ui.loadingWithdrawals,
            empty: status === 'pending' ? m.queueEmpty : m.empty,
          }}
          minWidth="min-w-[56rem]"
          columns={[q.member, q.record, q.request, q.payoutTo, commonUi.actions]}
        >
          {(w) => (
            <AdminWithdrawalRow
              withdrawal={w}
              now={now}
              busy={decide.isPending && decide.variables?.id === w.id}
              onApprove={() => approving.ask(w)}
              onReject={() => rejecting.ask(w)}
            />
          )}
        </AdminTable>
      </div>
      <ApproveDialog withdrawal={approving.row} onClose={approving.close} decide={decide} />
      <RejectDialog withdrawal={rejecting.row} onClose={rejecting.close} decide={decide} />
    </>
  );
}
