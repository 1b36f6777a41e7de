import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { newThreadBody } from '../../../../contract/forum.ts';
import { forumMessages as m } from '../../../../contract/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useCreateThread } from '../api.ts';
import { MarkdownField } from './markdown-editor.tsx';

type FormIn = z.input<typeof newThreadBody>;
type FormOut = z.output<typeof newThreadBody>;

export function NewThreadDialog({
  open,
  onOpenChange,
  categoryId,
  categoryName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  categoryId: string;
  categoryName: string;
}) {
  const create = useCreateThread();
  const navigate = useNavigate();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(newThreadBody) });

  useEffect(() => {
    if (open) reset({ categoryId, title: '', content: '' });
  }, [open, categoryId, reset]);

  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (thread) => {
        toast.success(m.created);
        onOpenChange(false);
        void navigate(`/forum/post/${thread.id}`);
      },
      onError: (err) => {
        applyServerFieldErrors(err, setError, ['title', 'content']);
        toast.error(errorMessage(err, m.createFailed));
      },
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="New Thread" description={`In ${categoryName}`}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Input label="Title" error={errors.title?.message} {...register('title')} />
        <MarkdownField control={control} name="content" label="Content" error={errors.content?.message} />
        <div className="mt-2 flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Post Thread
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
