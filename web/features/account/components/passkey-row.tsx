import { Cloud, KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { passkeyMessages } from '../../../../contract/messages/passkey.ts';
import type { PasskeyItem } from '../../../../contract/passkeys.ts';
import { accountUi as ui } from '../../../../contract/texts/account-ui.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { SubmitRow } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { withParts } from '../../../lib/text-parts.tsx';
import toast from '../../../lib/toast.ts';
import { nameError, useRenamePasskey } from '../passkeys-api.ts';
import { DeviceRow } from './device-row.tsx';

/** One passkey: its name (renamed in place), whether it syncs, when added and last used, and Remove. */
export function PasskeyRow({ passkey, onRemove }: { passkey: PasskeyItem; onRemove: () => void }) {
  const [renaming, setRenaming] = useState(false);
  const synced = passkey.deviceType === 'multiDevice';
  return (
    <DeviceRow
      className="flex-wrap"
      icon={synced ? Cloud : KeyRound}
      action={
        !renaming && (
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              aria-label={ui.renameNamed(passkey.name)}
              onClick={() => setRenaming(true)}
            >
              {ui.rename}
            </Button>
            <Button variant="outline" size="sm" aria-label={ui.removeNamed(passkey.name)} onClick={onRemove}>
              {ui.remove}
            </Button>
          </div>
        )
      }
    >
      {renaming ? (
        <RenameForm passkey={passkey} onDone={() => setRenaming(false)} />
      ) : (
        <>
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
            <span className="truncate">{passkey.name}</span>
            <Badge tone="neutral">{synced ? ui.synced : ui.deviceOnly}</Badge>
          </p>
          <p className="text-xs text-muted break-words">
            <span>{withParts(ui.addedOn, <DateTime at={passkey.createdAt} />)}</span>
            <span aria-hidden="true"> · </span>
            <span>
              {passkey.lastUsedAt
                ? withParts(ui.lastUsed, <DateTime at={passkey.lastUsedAt} />)
                : ui.neverUsed}
            </span>
          </p>
        </>
      )}
    </DeviceRow>
  );
}

function RenameForm({ passkey, onDone }: { passkey: PasskeyItem; onDone: () => void }) {
  const rename = useRenamePasskey();
  const [value, setValue] = useState(passkey.name);
  const [error, setError] = useState<string>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = nameError(value);
    if (problem) return setError(problem);
    rename.mutate(
      { id: passkey.id, name: value.trim() },
      {
        onSuccess: () => {
          toast.success(passkeyMessages.renamed);
          onDone();
        },
        onError: (err) => toast.error(errorMessage(err, passkeyMessages.renameFailed)),
      },
    );
  };
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-2">
      <Input
        label={ui.passkeyName}
        maxLength={50}
        autoFocus
        value={value}
        error={error}
        onChange={(event) => {
          setValue(event.target.value);
          setError(undefined);
        }}
      />
      <SubmitRow loading={rename.isPending} cancel={onDone}>
        {commonUi.save}
      </SubmitRow>
    </form>
  );
}
