import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, LifeBuoy } from 'lucide-react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ticketMessages as m } from '../../../../contract/messages.ts';
import { newTicketBody } from '../../../../contract/tickets.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useCreateTicket } from '../api.ts';

type FormIn = z.input<typeof newTicketBody>;
type FormOut = z.output<typeof newTicketBody>;

export function CreateTicketPage() {
  const create = useCreateTicket();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(newTicketBody),
    defaultValues: { title: '', message: '' },
  });

  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (ticket) => {
        toast.success(m.created);
        void navigate(`/tickets/${ticket.id}`, { replace: true });
      },
      onError: (err) => {
        applyServerFieldErrors(err, setError, ['title', 'message']);
        toast.error(errorMessage(err, m.createFailed));
      },
    }),
  );

  return (
    <div className="mx-auto w-full max-w-2xl">
      <Link to="/tickets" className={buttonClasses('ghost', 'sm', 'mb-4 -ml-2')}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        Support Tickets
      </Link>
      <PageHeader
        title="New Ticket"
        icon={<LifeBuoy className="size-6" aria-hidden="true" />}
        description="Describe the problem; the staff answer here."
      />
      <Card className="p-5 sm:p-6">
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <Input label="Title" error={errors.title?.message} {...register('title')} />
          <Textarea
            label="Message"
            rows={8}
            error={errors.message?.message}
            hint="At least 20 characters."
            {...register('message')}
          />
          <div className="flex justify-end gap-2">
            <Link to="/tickets" className={buttonClasses('outline')}>
              Cancel
            </Link>
            <Button type="submit" loading={create.isPending}>
              Create Ticket
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
