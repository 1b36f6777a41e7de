import { ArrowRightLeft } from 'lucide-react';
import toast from 'react-hot-toast';
import { walletMessages as m } from '../../../../contract/messages.ts';
import { convertBody } from '../../../../contract/orders.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useZodForm } from '../../../lib/forms.ts';
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
    <SectionCard title="Move to credits" icon={ArrowRightLeft} iconTone="inherit">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Input
          label="Amount"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          className="sm:max-w-xs sm:flex-1"
          hint={
            available === undefined
              ? '1 main balance = 1 credit.'
              : `1 main balance = 1 credit. Available: ${formatNumber(available)}.`
          }
          {...field('amount', { valueAsNumber: true })}
        />
        <Button type="submit" loading={convert.isPending} className="sm:mt-7">
          Move to credits
        </Button>
      </form>
    </SectionCard>
  );
}
