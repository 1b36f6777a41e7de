import { Banknote } from 'lucide-react';
import { useState } from 'react';
import { withdrawalMessages as m } from '../../../../contract/messages.ts';
import type { AdminWithdrawal } from '../../../../contract/withdrawals.ts';
import { AdminOnlyPage } from '../../../components/ui/admin-only-page.tsx';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Tabs, tabPanelProps } from '../../../components/ui/tabs.tsx';
import { useRowConfirm } from '../../../lib/admin-list.ts';
import { useNow } from '../../../lib/orders.ts';
import { useAdminWithdrawals, useDecideWithdrawal, type WithdrawalFilter } from '../api.ts';
import { AdminWithdrawalRow } from '../components/admin-withdrawal-row.tsx';
import { ApproveDialog, RejectDialog } from '../components/decide-withdrawal-dialogs.tsx';

const tabs: Record<WithdrawalFilter, string> = {
  pending: 'Pending',
  processing: 'Paying out',
  completed: 'Completed',
  rejected: 'Rejected',
  failed: 'Failed',
  all: 'All',
};

/** The withdrawal queue (admins): each request with the seller's record, approved or rejected with a word. */
export function AdminWithdrawalsPage() {
  return (
    <AdminOnlyPage
      header={
        <PageHeader title="Withdrawals" icon={Banknote}>
          Sellers' payout requests: check the record, then approve or reject each one.
        </PageHeader>
      }
      detail={`${m.onlyAdmins}.`}
    >
      <WithdrawalQueue />
    </AdminOnlyPage>
  );
}

function WithdrawalQueue() {
  const [status, setStatus] = useState<WithdrawalFilter>('pending');
  const query = useAdminWithdrawals(status);
  const decide = useDecideWithdrawal();
  const approving = useRowConfirm<AdminWithdrawal>();
  const rejecting = useRowConfirm<AdminWithdrawal>();
  const now = useNow(60_000);
  return (
    <>
      <Tabs
        id="withdrawals"
        label="Withdrawal status"
        value={status}
        options={tabs}
        onChange={setStatus}
        className="mb-4 overflow-x-auto"
      />
      <div {...tabPanelProps('withdrawals', status)} className="outline-none">
        <AdminTable
          query={query}
          texts={{
            failed: m.loadFailed,
            loading: 'Loading withdrawals…',
            empty: status === 'pending' ? m.queueEmpty : m.empty,
          }}
          minWidth="min-w-[56rem]"
          columns={['Member', 'Record', 'Request', 'Payout to', 'Actions']}
        >
          {(w) => (
            <AdminWithdrawalRow
              key={w.id}
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
