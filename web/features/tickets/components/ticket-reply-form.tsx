import { Send } from 'lucide-react';
import { ticketMessages as m } from '../../../../contract/messages/ticket.ts';
import { communityUi as c } from '../../../../contract/texts/community-ui.ts';
import { ticketsUi as ui } from '../../../../contract/texts/tickets-ui.ts';
import { ticketReplyBody } from '../../../../contract/tickets.ts';
import { SubmitRow } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useZodForm } from '../../../lib/forms.ts';
import toast from '../../../lib/toast.ts';
import { useReplyToTicket } from '../api.ts';

export function TicketReplyForm({ ticketId, label }: { ticketId: string; label?: string }) {
  const reply = useReplyToTicket();
  const { field, handleSubmit, reset, failed } = useZodForm(ticketReplyBody, {
    defaultValues: { message: '' },
  });

  const onSubmit = handleSubmit(({ message }) =>
    reply.mutate(
      { id: ticketId, message },
      {
        onSuccess: () => {
          toast.success(m.replied);
          reset({ message: '' });
        },
        onError: failed(m.replyFailed, ['message']),
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <Textarea label={label ?? c.yourReply} rows={4} {...field('message')} />
      <SubmitRow loading={reply.isPending}>
        <Send className="size-4" aria-hidden="true" />
        {ui.sendReply}
      </SubmitRow>
    </form>
  );
}
