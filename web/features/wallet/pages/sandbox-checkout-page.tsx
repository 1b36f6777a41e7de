import { FlaskConical } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { paymentMessages as m } from '../../../../contract/messages/payment.ts';
import type { SandboxInvoice } from '../../../../contract/payments.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { depositStatusLabels, walletUi as ui } from '../../../../contract/texts/wallet-ui.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DetailPage, NotFoundCard } from '../../../components/ui/detail-page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { formatNumber } from '../../../lib/format.ts';
import { toastOutcome } from '../../../lib/toast-outcome.ts';
import { usePaySandbox, useSandboxInvoice } from '../api.ts';
import { depositStatusTones } from '../labels.ts';

/**
 * The development sandbox's stand-in for a payment processor's checkout (`/wallet/sandbox-checkout/<id>`):
 * pay the invoice or let it expire, then back to the wallet as a real processor would send the member.
 */
export function SandboxCheckoutPage() {
  const { depositId = '' } = useParams();
  const query = useSandboxInvoice(depositId);
  return (
    <DetailPage
      query={query}
      back={{ to: '/wallet', label: ui.backToWallet }}
      width="max-w-3xl"
      loadingLabel={ui.loadingInvoice}
      skeleton={<Skeleton className="mx-auto h-72 w-full max-w-lg rounded-2xl" />}
      notFound={<NotFoundCard text={m.depositNotFound} />}
      failedText={(error) => errorMessage(error, m.depositNotFound)}
    >
      {(invoice) => <Invoice invoice={invoice} />}
    </DetailPage>
  );
}

function Invoice({ invoice }: { invoice: SandboxInvoice }) {
  const navigate = useNavigate();
  const pay = usePaySandbox(invoice.id);
  const decide = (outcome: 'paid' | 'expired') =>
    pay.mutate(
      outcome,
      toastOutcome(outcome === 'paid' ? ui.sandboxPaid : ui.sandboxExpired, m.processorFailed, () =>
        navigate(`/wallet?deposit=${invoice.id}`),
      ),
    );
  const pending = invoice.status === 'pending';
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4">
      <div
        role="note"
        className="flex items-center gap-3 rounded-2xl border-2 border-dashed border-amber-500 bg-amber-500/10 p-4 text-amber-700 dark:text-amber-300"
      >
        <FlaskConical className="size-8 shrink-0" aria-hidden="true" />
        <div>
          <p className="text-lg font-bold uppercase tracking-wide">{ui.sandboxBanner}</p>
          <p className="text-sm">{ui.sandboxNote}</p>
        </div>
      </div>
      <Card className="flex flex-col gap-4 p-6">
        <h1 className="text-xl font-bold">{ui.sandboxTitle}</h1>
        <dl className="grid grid-cols-2 gap-y-2 text-sm">
          <dt className="text-muted">{commonUi.credits}</dt>
          <dd className="text-right font-semibold tabular-nums">{formatNumber(invoice.credits)}</dd>
          <dt className="text-muted">{ui.amount}</dt>
          <dd className="text-right font-semibold tabular-nums">
            {invoice.amount} {invoice.currency}
          </dd>
          <dt className="text-muted">{commonUi.status}</dt>
          <dd className="text-right">
            <Badge tone={depositStatusTones[invoice.status]}>{depositStatusLabels[invoice.status]}</Badge>
          </dd>
        </dl>
        {pending ? (
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" disabled={pay.isPending} onClick={() => decide('expired')}>
              {ui.letExpire}
            </Button>
            <Button
              loading={pay.isPending && pay.variables === 'paid'}
              disabled={pay.isPending}
              onClick={() => decide('paid')}
            >
              {ui.pay}
            </Button>
          </div>
        ) : (
          <p className="text-sm text-muted">{m.notPending}</p>
        )}
      </Card>
    </div>
  );
}
