import { useEffect } from 'react';
import { paymentMessages as m } from '../../../../contract/messages/payment.ts';
import { createDepositBody, type DepositOptions, methodLabels } from '../../../../contract/payments.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { walletUi as ui } from '../../../../contract/texts/wallet-ui.ts';
import { ChoiceCards } from '../../../components/ui/choice-cards.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SubmitRow } from '../../../components/ui/form-field.tsx';
import { WholeNumberInput } from '../../../components/ui/input.tsx';
import { Loading, Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useZodForm } from '../../../lib/forms.ts';
import { withParts } from '../../../lib/text-parts.tsx';
import toast from '../../../lib/toast.ts';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { useCreateDeposit, useDepositOptions } from '../api.ts';
import { formatPrice } from '../labels.ts';

/** Add credits: a preset or a custom amount, a configured payment method, the price; then off to checkout. */
export function AddCreditsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const options = useDepositOptions(open);
  useFailureToast(options.isError, 'deposit-options-load', m.loadFailed, options.error);
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={ui.addCredits}
      description={ui.addCreditsIntro}
    >
      {!options.data ? (
        <Loading label={ui.loadingPaymentOptions} className="flex flex-col gap-3">
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-24 w-full" />
        </Loading>
      ) : options.data.methods.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line p-4 text-sm text-muted">
          {ui.noPaymentMethod}
        </p>
      ) : (
        <AddCreditsForm options={options.data} onClose={onClose} />
      )}
    </Dialog>
  );
}

function AddCreditsForm({ options, onClose }: { options: DepositOptions; onClose: () => void }) {
  const create = useCreateDeposit();
  const { field, handleSubmit, failed, watch, setValue, reset, formState } = useZodForm(createDepositBody, {
    defaultValues: { method: options.methods[0], credits: options.presets[0] ?? options.minCredits },
  });
  useEffect(() => {
    reset({ method: options.methods[0], credits: options.presets[0] ?? options.minCredits });
  }, [options, reset]);
  const credits = watch('credits');
  const method = watch('method');
  const valid = Number.isInteger(credits) && credits > 0;

  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: ({ checkoutUrl }) => {
        toast.success(m.created);
        window.location.assign(checkoutUrl);
      },
      onError: failed(m.processorFailed, ['method', 'credits']),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {options.presets.length > 0 && (
        // biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not form fields
        <div role="group" aria-label={ui.presets} className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {options.presets.map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={credits === p}
              onClick={() => setValue('credits', p, { shouldValidate: formState.isSubmitted })}
              className={cn(
                'rounded-xl border px-3 py-2 text-sm font-semibold tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-primary',
                credits === p
                  ? 'border-primary bg-primary/10 text-primary'
                  : 'border-line hover:border-muted/50',
              )}
            >
              {formatNumber(p)}
            </button>
          ))}
        </div>
      )}
      <WholeNumberInput
        label={commonUi.credits}
        min={options.minCredits}
        max={options.maxCredits}
        step={1}
        hint={ui.creditsRange(options.minCredits, options.maxCredits)}
        {...field('credits', { valueAsNumber: true })}
      />
      <ChoiceCards
        legend={ui.paymentMethod}
        value={method}
        choices={options.methods.map((v) => ({ value: v, label: methodLabels[v] }))}
        register={field('method')}
      />
      <p className="rounded-xl bg-surface-2 px-4 py-3 text-sm" aria-live="polite">
        {valid
          ? withParts(
              (price: string) => ui.youPay(price, credits),
              <strong className="tabular-nums">
                {formatPrice(credits, options.creditsPerUnit, options.currency)}
              </strong>,
            )
          : ui.creditsPerUnit(options.creditsPerUnit, options.currency)}
      </p>
      <SubmitRow loading={create.isPending || create.isSuccess} cancel={onClose}>
        {ui.continueToPayment}
      </SubmitRow>
    </form>
  );
}
