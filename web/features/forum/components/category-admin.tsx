import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { type ForumCategory, forumCategoryBody } from '../../../../contract/forum.ts';
import { forumMessages as m } from '../../../../contract/messages/forum.ts';
import { forumUi as ui } from '../../../../contract/texts/forum-ui.ts';
import { shellUi } from '../../../../contract/texts/shell-ui.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog, useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useZodForm } from '../../../lib/forms.ts';
import toast from '../../../lib/toast.ts';
import { useCreateCategory, useDeleteCategory } from '../api.ts';

/** Admins add forum categories from the forum page. */
export function NewCategoryButton() {
  const [open, setOpen] = useState(false);
  const create = useCreateCategory();
  const { field, handleSubmit, reset, failed } = useZodForm(forumCategoryBody);

  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: () => {
        toast.success(m.categoryCreated);
        setOpen(false);
        reset({ name: '', description: '' });
      },
      onError: failed(m.categorySaveFailed, ['name', 'description']),
    }),
  );

  return (
    <>
      <Button onClick={() => setOpen(true)} icon={Plus}>
        {ui.newCategory}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={ui.newCategory}>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <Input label={ui.name} {...field('name')} />
          <Textarea label={ui.description} rows={3} {...field('description')} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              {shellUi.cancel}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {ui.createCategory}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

export function DeleteCategoryButton({ category }: { category: ForumCategory }) {
  const remove = useDeleteCategory();
  const deleting = useConfirm(
    (close) =>
      remove.mutate(category.id, {
        onSuccess: () => {
          toast.success(m.categoryDeleted);
          close();
        },
        onError: (err) => toast.error(errorMessage(err, m.categoryDeleteFailed)),
      }),
    remove.isPending,
  );
  return (
    <>
      <Button
        icon={Trash2}
        variant="ghost"
        size="icon"
        aria-label={ui.deleteCategoryNamed(category.name)}
        onClick={deleting.ask}
      ></Button>
      <ConfirmDialog
        {...deleting.dialog}
        title={ui.deleteCategory}
        message={ui.deleteCategoryConfirm(category.name, category.threadCount)}
      />
    </>
  );
}
