import { useEffect } from 'react';
import {
  type AdminCheat,
  type CheatDetail,
  cheatBody,
  cheatStatuses,
  cheatStatusLabels,
} from '../../../../contract/cheats.ts';
import { cheatMessages as m } from '../../../../contract/messages/cheat.ts';
import { cheatUi as ui } from '../../../../contract/texts/cheat-ui.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { marketWords as w } from '../../../../contract/texts/market-words.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SubmitRow } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Options, Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useZodForm } from '../../../lib/forms.ts';
import toast from '../../../lib/toast.ts';
import { useAdminCheat, usePublishCheat, useUpdateCheat } from '../api.ts';

const fieldNames = ['title', 'game', 'description', 'status', 'downloadUrl'] as const;

/** Staff publish a cheat (no `cheat`) or edit one, status included; closes itself on success. */
export function CheatFormDialog({
  open,
  onOpenChange,
  cheat,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  cheat?: CheatDetail;
  onSaved?: (saved: AdminCheat) => void;
}) {
  const publish = usePublishCheat();
  const update = useUpdateCheat();
  // The download link is not in public responses: staff read it before editing.
  const current = useAdminCheat(open && cheat ? cheat.id : undefined);
  const { field, handleSubmit, reset, failed } = useZodForm(cheatBody);

  useEffect(() => {
    if (!open) return;
    const c = current.data;
    reset({
      title: c?.title ?? '',
      game: c?.game ?? '',
      description: c?.description ?? '',
      status: c?.status ?? 'undetected',
      downloadUrl: c?.downloadUrl ?? '',
    });
  }, [open, current.data, reset]);

  const callbacks = {
    onSuccess: (saved: AdminCheat) => {
      toast.success(cheat ? m.updated : m.published);
      onOpenChange(false);
      onSaved?.(saved);
    },
    onError: failed(m.saveFailed, fieldNames),
  };
  const onSubmit = handleSubmit((body) => {
    if (cheat) update.mutate({ id: cheat.id, body }, callbacks);
    else publish.mutate(body, callbacks);
  });

  const loading = cheat !== undefined && current.isPending;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={cheat ? ui.editCheat : ui.publish}>
      {loading ? (
        <div className="grid place-items-center py-12">
          <Spinner label={ui.loadingOne} />
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <Input label={w.title} {...field('title')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Input label={w.game} {...field('game')} />
            <Select label={commonUi.status} {...field('status')}>
              <Options values={cheatStatuses} labels={cheatStatusLabels} />
            </Select>
          </div>
          <Input label={ui.downloadLink} type="url" placeholder="https://" {...field('downloadUrl')} />
          <Textarea label={w.description} {...field('description')} />
          <SubmitRow
            cancel={() => onOpenChange(false)}
            className="mt-2"
            loading={publish.isPending || update.isPending}
          >
            {cheat ? commonUi.saveChanges : ui.publish}
          </SubmitRow>
        </form>
      )}
    </Dialog>
  );
}
