import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { replyBody } from '../../../../contract/forum.ts';
import { forumMessages as m } from '../../../../contract/messages/forum.ts';
import { isHeld } from '../../../../contract/review.ts';
import { communityUi as c } from '../../../../contract/texts/community-ui.ts';
import { forumUi as ui } from '../../../../contract/texts/forum-ui.ts';
import { AwaitingReviewNotice } from '../../../components/ui/awaiting-review.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SubmitRow } from '../../../components/ui/form-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import toast from '../../../lib/toast.ts';
import { useReply } from '../api.ts';
import { MarkdownField } from './markdown-editor.tsx';
import { useQuoteTarget } from './quote.tsx';

type ReplyIn = z.input<typeof replyBody>;
type ReplyOut = z.output<typeof replyBody>;

export function ReplyForm({ threadId }: { threadId: string }) {
  const send = useReply(threadId);
  // The last reply sent was held for staff (issue 36): the form says so until the next one.
  const [held, setHeld] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const { control, handleSubmit, reset, setError, getValues, setValue } = useForm<ReplyIn, unknown, ReplyOut>(
    {
      resolver: zodResolver(replyBody),
      defaultValues: { content: '' },
    },
  );
  // A quote goes after what is written already, and the caret after the quote.
  useQuoteTarget((quote) => {
    const written = (getValues('content') ?? '').trimEnd();
    const content = written ? `${written}\n\n${quote}` : quote;
    setValue('content', content, { shouldDirty: true });
    requestAnimationFrame(() => {
      const textarea = form.current?.querySelector('textarea');
      // Not when something was typed since: the caret is where the member put it.
      if (!textarea || textarea.value !== content) return;
      textarea.focus();
      textarea.setSelectionRange(content.length, content.length);
      textarea.scrollIntoView({ block: 'center' });
    });
  });
  const onSubmit = handleSubmit(({ content }) =>
    send.mutate(content, {
      onSuccess: (made) => {
        setHeld(isHeld(made));
        if (!isHeld(made)) toast.success(m.replied);
        reset({ content: '' });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields?.content)
          setError('content', { message: err.fields.content });
        toast.error(errorMessage(err, m.replyFailed));
      },
    }),
  );
  return (
    <Card className="mt-4 p-5">
      <form ref={form} noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
        <MarkdownField control={control} name="content" label={c.yourReply} rows={4} />
        {held && <AwaitingReviewNotice />}
        <SubmitRow loading={send.isPending}>{ui.postReply}</SubmitRow>
      </form>
    </Card>
  );
}
