import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { directMessageLimits, messageForm } from '../../../../contract/direct-messages.ts';
import { directMessageTexts as t } from '../../../../contract/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useSendMessage } from '../api.ts';

type FormIn = z.input<typeof messageForm>;
type FormOut = z.output<typeof messageForm>;

/** The send box: Enter sends, Shift+Enter starts a new line. */
export function MessageForm({
  recipientId,
  onSent,
  submitLabel = 'Send',
  rows = 2,
}: {
  recipientId: string;
  onSent?: () => void;
  submitLabel?: string;
  rows?: number;
}) {
  const send = useSendMessage();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(messageForm),
    defaultValues: { message: '' },
  });

  const onSubmit = handleSubmit(({ message }) =>
    send.mutate(
      { recipientId, message },
      {
        onSuccess: () => {
          toast.success(t.sent);
          reset({ message: '' });
          onSent?.();
        },
        onError: (err) => {
          applyServerFieldErrors(err, setError, ['message']);
          toast.error(errorMessage(err, t.sendFailed));
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-2">
      <Textarea
        label="Message"
        rows={rows}
        maxLength={directMessageLimits.message.max}
        placeholder="Write a message..."
        error={errors.message?.message}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void onSubmit();
          }
        }}
        {...register('message')}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={send.isPending}>
          <Send className="size-4" aria-hidden="true" />
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
