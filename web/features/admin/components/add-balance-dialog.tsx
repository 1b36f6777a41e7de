import { useEffect } from 'react';
import { type AdminUserRow, addBalanceBody } from '../../../../contract/admin.ts';
import { adminMessages as m } from '../../../../contract/messages/admin.ts';
import { adminUi as ui } from '../../../../contract/texts/admin-ui.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SubmitRow } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useZodForm } from '../../../lib/forms.ts';
import toast from '../../../lib/toast.ts';
import { useAddBalance } from '../api.ts';

export function AddBalanceDialog({ user, onClose }: { user: AdminUserRow | undefined; onClose: () => void }) {
  const add = useAddBalance();
  const { field, handleSubmit, reset, failed } = useZodForm(addBalanceBody);

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
        onError: failed(m.addBalanceFailed, ['amount', 'currency', 'description']),
      },
    );
  });

  return (
    <Dialog
      open={user !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={ui.addBalance}
      description={user ? ui.grantTo(user.username) : undefined}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Input
          label={ui.amount}
          type="number"
          min={1}
          step={1}
          {...field('amount', { valueAsNumber: true })}
        />
        <Select label={commonUi.currency} {...field('currency')}>
          <option value="credits">{commonUi.credits}</option>
          <option value="balance">{commonUi.balance}</option>
        </Select>
        <Input label={ui.description} {...field('description')} />
        <SubmitRow loading={add.isPending} cancel={onClose} className="mt-2">
          {ui.addBalance}
        </SubmitRow>
      </form>
    </Dialog>
  );
}
