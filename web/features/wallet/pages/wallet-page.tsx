import { AlertTriangle, ArrowUpRight, Plus, Receipt, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { paymentMessages as pm } from '../../../../contract/messages/payment.ts';
import { walletMessages as m } from '../../../../contract/messages/wallet.ts';
import { walletUi as ui } from '../../../../contract/texts/wallet-ui.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Tabs, useTabs } from '../../../components/ui/tabs.tsx';
import { useDomId } from '../../../lib/use-dom-id.ts';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { useWallet, useWithdrawalOptions } from '../api.ts';
import { AddCreditsDialog } from '../components/add-credits-dialog.tsx';
import { BalanceCards } from '../components/balance-cards.tsx';
import { ConvertForm } from '../components/convert-form.tsx';
import { DepositList } from '../components/deposit-list.tsx';
import { DepositStatus } from '../components/deposit-status.tsx';
import { LedgerHistory } from '../components/ledger-history.tsx';
import { WithdrawNote, withdrawBlock } from '../components/withdraw-block.tsx';
import { WithdrawDialog } from '../components/withdraw-dialog.tsx';
import { WithdrawalList } from '../components/withdrawal-list.tsx';

type Section = 'history' | 'deposits' | 'withdrawals';

/**
 * The member's money: what each figure means, adding credits and withdrawing earnings, the move from the
 * main balance, and the history, deposits and withdrawals. `?deposit=<id>` (the processor's way back) shows
 * that deposit until it is credited.
 */
export function WalletPage() {
  const wallet = useWallet();
  useFailureToast(wallet.isError, 'wallet-load', m.loadFailed, wallet.error);
  const options = useWithdrawalOptions();
  const w = wallet.data;
  const [params] = useSearchParams();
  const depositId = params.get('deposit');
  const sections: Record<Section, string> = {
    history: ui.history,
    deposits: ui.deposits,
    withdrawals: ui.withdrawals,
  };
  const tabs = useTabs('wallet-sections', ui.sections, sections, depositId ? 'deposits' : 'history');
  const section = tabs.value;
  const [dialog, setDialog] = useState<'add' | 'withdraw' | null>(null);
  const noteId = useDomId();
  const blocked = options.isError ? ui.withdrawalsUnavailable : withdrawBlock(w, options.data);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <PageHeader
        title={ui.title}
        icon={Wallet}
        actions={
          <>
            <Button onClick={() => setDialog('add')} icon={Plus}>
              {ui.addCredits}
            </Button>
            <Button
              icon={ArrowUpRight}
              variant="outline"
              disabled={!w || !options.data || blocked !== null}
              aria-describedby={blocked ? noteId : undefined}
              onClick={() => setDialog('withdraw')}
            >
              {ui.withdraw}
            </Button>
            <ButtonLink to="/orders" icon={Receipt} variant="ghost">
              {ui.orders}
            </ButtonLink>
          </>
        }
      >
        {ui.intro}
      </PageHeader>
      {blocked && <WithdrawNote id={noteId}>{blocked}</WithdrawNote>}
      {w && w.credits < 0 && (
        <Card role="alert" className="flex items-start gap-3 border-danger/40 bg-danger/5 p-4 text-sm">
          <AlertTriangle className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden="true" />
          <p className="font-medium text-danger">{pm.accountNegative}</p>
        </Card>
      )}
      {depositId && <DepositStatus id={depositId} />}
      <BalanceCards wallet={w} />
      <ConvertForm available={w?.balance} />
      <Card className="p-5">
        <Tabs {...tabs.tabStrip} className="-mx-5 mb-4 overflow-x-auto px-5" />
        <div {...tabs.tabPanel} className="outline-none">
          {section === 'history' ? (
            <LedgerHistory />
          ) : section === 'deposits' ? (
            <DepositList />
          ) : (
            <WithdrawalList />
          )}
        </div>
      </Card>
      <AddCreditsDialog open={dialog === 'add'} onClose={() => setDialog(null)} />
      {w && options.data && (
        <WithdrawDialog
          open={dialog === 'withdraw'}
          onClose={() => setDialog(null)}
          options={options.data}
          withdrawable={w.withdrawable}
        />
      )}
    </div>
  );
}
