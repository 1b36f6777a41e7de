import { Fingerprint, KeyRound } from 'lucide-react';
import type { FormEvent } from 'react';
import { passkeyMessages } from '../../../../contract/messages/passkey.ts';
import type { PasskeyItem } from '../../../../contract/passkeys.ts';
import { accountUi as ui } from '../../../../contract/texts/account-ui.ts';
import { SkeletonRows } from '../../../components/ui/card-grid.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SubmitRow } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useRowConfirm } from '../../../lib/admin-list.ts';
import { useTextField } from '../../../lib/forms.ts';
import { passkeyFailure } from '../../../lib/passkeys.ts';
import toast from '../../../lib/toast.ts';
import { toastOutcome } from '../../../lib/toast-outcome.ts';
import { nameError, useAddPasskey, usePasskeys, useRemovePasskey } from '../passkeys-api.ts';
import { LoadFailed } from './load-failed.tsx';
import { PasskeyRow } from './passkey-row.tsx';

/**
 * Passkeys: sign in with the device's screen lock instead of a password and a code. Each is listed with its
 * name, kind and when it was added and last used; it can be renamed, and removed after a confirmation.
 */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const remove = useRemovePasskey();
  const removing = useRowConfirm<PasskeyItem>();
  const items = passkeys.data?.items ?? [];

  const confirmRemove = () =>
    removing.row &&
    remove.mutate(removing.row.id, {
      ...toastOutcome(passkeyMessages.removed, passkeyMessages.removeFailed),
      onSettled: removing.close,
    });

  return (
    <SectionCard title={ui.passkeys} icon={KeyRound}>
      <p className="mb-4 text-sm leading-relaxed text-muted">{ui.passkeysIntro}</p>
      {passkeys.isPending ? (
        <SkeletonRows className="h-14 w-full" />
      ) : passkeys.isError ? (
        <LoadFailed text={passkeyMessages.loadFailed} retry={() => passkeys.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          text={passkeyMessages.noPasskeys}
          icon={<Fingerprint className="size-6" aria-hidden="true" />}
          className="py-6"
        />
      ) : (
        <ul className="divide-y divide-line" aria-label={ui.passkeys}>
          {items.map((p) => (
            <PasskeyRow key={p.id} passkey={p} onRemove={() => removing.ask(p)} />
          ))}
        </ul>
      )}
      <AddPasskeyForm />
      <ConfirmDialog
        {...removing.dialog}
        title={ui.removePasskeyTitle}
        message={ui.removePasskeyConfirm(removing.row?.name ?? '')}
        confirmLabel={ui.remove}
        onConfirm={confirmRemove}
        pending={remove.isPending}
      />
    </SectionCard>
  );
}

function AddPasskeyForm() {
  const add = useAddPasskey();
  const name = useTextField();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const error = nameError(name.value);
    if (error) return name.setError(error);
    add.mutate(name.value.trim(), {
      onSuccess: () => {
        toast.success(passkeyMessages.added);
        name.clear();
      },
      onError: (err) => toast.error(passkeyFailure(err, passkeyMessages.addFailed)),
    });
  };
  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-3 border-t border-line pt-4">
      <Input
        label={ui.newPasskeyName}
        placeholder={ui.newPasskeyPlaceholder}
        maxLength={50}
        autoComplete="off"
        {...name.props}
      />
      <SubmitRow loading={add.isPending}>
        <KeyRound className="size-4" aria-hidden="true" />
        {ui.addPasskey}
      </SubmitRow>
    </form>
  );
}
