import { Send } from 'lucide-react';
import { directMessageLimits, messageForm } from '../../../../contract/direct-messages.ts';
import { directMessageTexts as t } from '../../../../contract/messages/direct-messages.ts';
import { communityUi as c } from '../../../../contract/texts/community-ui.ts';
import { messagesUi as ui } from '../../../../contract/texts/messages-ui.ts';
import { SubmitRow } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useZodForm } from '../../../lib/forms.ts';
import toast from '../../../lib/toast.ts';
import { useSendMessage } from '../api.ts';

/** The send box: Enter sends, Shift+Enter starts a new line. */
export function MessageForm({
  recipientId,
  onSent,
  submitLabel,
  rows = 2,
}: {
  recipientId: string;
  onSent?: () => void;
  submitLabel?: string;
  rows?: number;
}) {
  const send = useSendMessage();
  const { field, handleSubmit, reset, failed } = useZodForm(messageForm, {
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
        onError: failed(t.sendFailed, ['message']),
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-2">
      <Textarea
        label={c.message}
        rows={rows}
        maxLength={directMessageLimits.message.max}
        placeholder={ui.writeMessage}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void onSubmit();
          }
        }}
        {...field('message')}
      />
      <SubmitRow loading={send.isPending}>
        <Send className="size-4" aria-hidden="true" />
        {submitLabel ?? ui.send}
      </SubmitRow>
    </form>
  );
}
