import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import {
  type AdminCheat,
  type CheatDetail,
  cheatBody,
  cheatStatuses,
  cheatStatusLabels,
} from '../../../../contract/cheats.ts';
import { cheatMessages as m } from '../../../../contract/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useAdminCheat, usePublishCheat, useUpdateCheat } from '../api.ts';

type FormIn = z.input<typeof cheatBody>;
type FormOut = z.output<typeof cheatBody>;
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
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(cheatBody) });

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
    onError: (err: unknown) => {
      applyServerFieldErrors(err, setError, fieldNames);
      toast.error(errorMessage(err, m.saveFailed));
    },
  };
  const onSubmit = handleSubmit((body) => {
    if (cheat) update.mutate({ id: cheat.id, body }, callbacks);
    else publish.mutate(body, callbacks);
  });

  const loading = cheat !== undefined && current.isPending;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={cheat ? 'Edit Cheat' : 'Publish Cheat'}>
      {loading ? (
        <div className="grid place-items-center py-12">
          <Spinner label="Loading cheat…" />
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <Input label="Title" error={errors.title?.message} {...register('title')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Input label="Game" error={errors.game?.message} {...register('game')} />
            <Select label="Status" error={errors.status?.message} {...register('status')}>
              {cheatStatuses.map((s) => (
                <option key={s} value={s}>
                  {cheatStatusLabels[s]}
                </option>
              ))}
            </Select>
          </div>
          <Input
            label="Download link"
            type="url"
            placeholder="https://"
            error={errors.downloadUrl?.message}
            {...register('downloadUrl')}
          />
          <Textarea label="Description" error={errors.description?.message} {...register('description')} />
          <div className="mt-2 flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={publish.isPending || update.isPending}>
              {cheat ? 'Save Changes' : 'Publish Cheat'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
