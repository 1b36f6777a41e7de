import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { ticketMessages as m } from '../../../../contract/messages.ts';
import { ticketReplyBody } from '../../../../contract/tickets.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useReplyToTicket } from '../api.ts';

type FormIn = z.input<typeof ticketReplyBody>;
type FormOut = z.output<typeof ticketReplyBody>;

export function TicketReplyForm({ ticketId, label = 'Your reply' }: { ticketId: string; label?: string }) {
  const reply = useReplyToTicket();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ticketReplyBody),
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
        onError: (err) => {
          applyServerFieldErrors(err, setError, ['message']);
          toast.error(errorMessage(err, m.replyFailed));
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <Textarea label={label} rows={4} error={errors.message?.message} {...register('message')} />
      <div className="flex justify-end">
        <Button type="submit" loading={reply.isPending}>
          <Send className="size-4" aria-hidden="true" />
          Send Reply
        </Button>
      </div>
    </form>
  );
}
