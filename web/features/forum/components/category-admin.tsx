import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { type ForumCategory, forumCategoryBody } from '../../../../contract/forum.ts';
import { forumMessages as m } from '../../../../contract/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useCreateCategory, useDeleteCategory } from '../api.ts';

type FormIn = z.input<typeof forumCategoryBody>;
type FormOut = z.output<typeof forumCategoryBody>;

/** Admins add forum categories from the forum page. */
export function NewCategoryButton() {
  const [open, setOpen] = useState(false);
  const create = useCreateCategory();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(forumCategoryBody) });

  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: () => {
        toast.success(m.categoryCreated);
        setOpen(false);
        reset({ name: '', description: '' });
      },
      onError: (err) => {
        applyServerFieldErrors(err, setError, ['name', 'description']);
        toast.error(errorMessage(err, m.categorySaveFailed));
      },
    }),
  );

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus className="size-4" aria-hidden="true" />
        New Category
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="New Category">
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <Input label="Name" error={errors.name?.message} {...register('name')} />
          <Textarea
            label="Description"
            rows={3}
            error={errors.description?.message}
            {...register('description')}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create Category
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

export function DeleteCategoryButton({ category }: { category: ForumCategory }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteCategory();
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete category ${category.name}`}
        onClick={() => setOpen(true)}
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete category"
        message={`Delete "${category.name}" and all ${category.threadCount} of its threads? This action cannot be undone.`}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(category.id, {
            onSuccess: () => {
              toast.success(m.categoryDeleted);
              setOpen(false);
            },
            onError: (err) => toast.error(errorMessage(err, m.categoryDeleteFailed)),
          })
        }
      />
    </>
  );
}
