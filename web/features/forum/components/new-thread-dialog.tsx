import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { newThreadBody } from '../../../../contract/forum.ts';
import { forumMessages as m } from '../../../../contract/messages/forum.ts';
import { reviewMessages as r } from '../../../../contract/messages/review.ts';
import { isHeld } from '../../../../contract/review.ts';
import { communityUi as c } from '../../../../contract/texts/community-ui.ts';
import { forumUi as ui } from '../../../../contract/texts/forum-ui.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SubmitRow } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useZodForm } from '../../../lib/forms.ts';
import toast from '../../../lib/toast.ts';
import { useCreateThread } from '../api.ts';
import { MarkdownField } from './markdown-editor.tsx';

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
  const { field, control, handleSubmit, reset, failed } = useZodForm(newThreadBody);

  useEffect(() => {
    if (open) reset({ categoryId, title: '', content: '' });
  }, [open, categoryId, reset]);

  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (made) => {
        onOpenChange(false);
        // Held for staff (issue 36): the category's list shows it to its author, marked as awaiting review.
        if (isHeld(made)) return void toast.success(r.awaitingReview, { id: 'awaiting-review' });
        toast.success(m.created);
        void navigate(`/forum/post/${made.id}`);
      },
      onError: failed(m.createFailed, ['title', 'content']),
    }),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={ui.newThread}
      description={ui.inCategory(categoryName)}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Input label={c.title} {...field('title')} />
        <MarkdownField control={control} name="content" label={ui.content} />
        <SubmitRow cancel={() => onOpenChange(false)} className="mt-2" loading={create.isPending}>
          {ui.postThread}
        </SubmitRow>
      </form>
    </Dialog>
  );
}
