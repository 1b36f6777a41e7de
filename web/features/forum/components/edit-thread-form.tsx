import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { editThreadBody, type ForumThread } from '../../../../contract/forum.ts';
import { forumMessages as m } from '../../../../contract/messages/forum.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { communityUi as c } from '../../../../contract/texts/community-ui.ts';
import { forumUi as ui } from '../../../../contract/texts/forum-ui.ts';
import { SubmitRow } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import toast from '../../../lib/toast.ts';
import { useEditThread } from '../api.ts';
import { MarkdownField } from './markdown-editor.tsx';

type EditIn = z.input<typeof editThreadBody>;
type EditOut = z.output<typeof editThreadBody>;

export function EditThreadForm({ thread, onDone }: { thread: ForumThread; onDone: () => void }) {
  const edit = useEditThread(thread.id);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EditIn, unknown, EditOut>({
    resolver: zodResolver(editThreadBody),
    defaultValues: { title: thread.title, content: thread.content },
  });
  const onSubmit = handleSubmit((body) =>
    edit.mutate(body, {
      onSuccess: () => {
        toast.success(m.edited);
        onDone();
      },
      onError: (err) => {
        applyServerFieldErrors(err, setError, ['title', 'content']);
        toast.error(errorMessage(err, m.createFailed));
      },
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
      <Input label={c.title} error={errors.title?.message} {...register('title')} />
      <MarkdownField control={control} name="content" label={ui.content} />
      <SubmitRow cancel={onDone} loading={edit.isPending}>
        {commonUi.save}
      </SubmitRow>
    </form>
  );
}
