import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { type AdminUserRow, addBalanceBody } from '../../../../contract/admin.ts';
import { adminMessages as m } from '../../../../contract/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useAddBalance } from '../api.ts';

type FormIn = z.input<typeof addBalanceBody>;
type FormOut = z.output<typeof addBalanceBody>;

export function AddBalanceDialog({ user, onClose }: { user: AdminUserRow | undefined; onClose: () => void }) {
  const add = useAddBalance();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(addBalanceBody) });

  useEffect(() => {
    if (user) reset({ amount: '' as unknown as number, currency: 'credits', description: '' });
  }, [user, reset]);

  const onSubmit = handleSubmit((body) => {
    if (!user) return;
    add.mutate(
      { id: user.id, body },
      {
        onSuccess: () => {
          toast.success(m.balanceAdded);
          onClose();
        },
        onError: (err) => {
          applyServerFieldErrors(err, setError, ['amount', 'currency', 'description']);
          toast.error(errorMessage(err, m.addBalanceFailed));
        },
      },
    );
  });

  return (
    <Dialog
      open={user !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title="Add Balance"
      description={user ? `To ${user.username}` : undefined}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Input
          label="Amount"
          type="number"
          min={1}
          step={1}
          error={errors.amount?.message}
          {...register('amount', { valueAsNumber: true })}
        />
        <Select label="Currency" error={errors.currency?.message} {...register('currency')}>
          <option value="credits">Credits</option>
          <option value="balance">Balance</option>
        </Select>
        <Input label="Description" error={errors.description?.message} {...register('description')} />
        <div className="mt-2 flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending}>
            Add Balance
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
