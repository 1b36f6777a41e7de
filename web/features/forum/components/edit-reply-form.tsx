import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type ForumReply, replyBody } from '../../../../contract/forum.ts';
import { forumMessages as m } from '../../../../contract/messages/forum.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { forumUi as ui } from '../../../../contract/texts/forum-ui.ts';
import { shellUi } from '../../../../contract/texts/shell-ui.ts';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import toast from '../../../lib/toast.ts';
import { useEditReply } from '../api.ts';
import { MarkdownField } from './markdown-editor.tsx';

type ReplyIn = z.input<typeof replyBody>;
type ReplyOut = z.output<typeof replyBody>;

export function EditReplyForm({
  reply,
  threadId,
  onDone,
}: {
  reply: ForumReply;
  threadId: string;
  onDone: () => void;
}) {
  const edit = useEditReply(threadId);
  const { control, handleSubmit, setError } = useForm<ReplyIn, unknown, ReplyOut>({
    resolver: zodResolver(replyBody),
    defaultValues: { content: reply.content },
  });
  const onSubmit = handleSubmit(({ content }) =>
    edit.mutate(
      { id: reply.id, content },
      {
        onSuccess: () => {
          toast.success(m.edited);
          onDone();
        },
        onError: (err) => {
          applyServerFieldErrors(err, setError, ['content']);
          toast.error(errorMessage(err, m.replyFailed));
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="mt-2 flex flex-col gap-3">
      <MarkdownField control={control} name="content" label={ui.editReply} rows={4} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onDone}>
          {shellUi.cancel}
        </Button>
        <Button type="submit" size="sm" loading={edit.isPending}>
          {commonUi.save}
        </Button>
      </div>
    </form>
  );
}
