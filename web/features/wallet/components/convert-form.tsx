import { ArrowRightLeft } from 'lucide-react';
import { walletMessages as m } from '../../../../contract/messages/wallet.ts';
import { convertBody } from '../../../../contract/orders.ts';
import { walletUi as ui } from '../../../../contract/texts/wallet-ui.ts';
import { Button } from '../../../components/ui/button.tsx';
import { WholeNumberInput } from '../../../components/ui/input.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useZodForm } from '../../../lib/forms.ts';
import toast from '../../../lib/toast.ts';
import { useConvertBalance } from '../api.ts';

/** Main balance → marketplace credits, 1:1. */
export function ConvertForm({ available }: { available: number | undefined }) {
  const convert = useConvertBalance();
  const { field, handleSubmit, reset, failed } = useZodForm(convertBody);

  const onSubmit = handleSubmit((body) =>
    convert.mutate(body, {
      onSuccess: () => {
        toast.success(m.converted);
        reset({ amount: Number.NaN });
      },
      onError: failed(m.convertFailed, ['amount']),
    }),
  );

  return (
    <SectionCard title={ui.moveToCredits} icon={ArrowRightLeft} iconTone="inherit">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <WholeNumberInput
          label={ui.amount}
          min={1}
          step={1}
          className="sm:max-w-xs sm:flex-1"
          hint={available === undefined ? ui.convertRate : ui.convertAvailable(available)}
          {...field('amount', { valueAsNumber: true })}
        />
        <Button type="submit" loading={convert.isPending} className="sm:mt-7">
          {ui.moveToCredits}
        </Button>
      </form>
    </SectionCard>
  );
}
