import { LifeBuoy } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ticketMessages as m } from '../../../../contract/messages/ticket.ts';
import { communityUi as c } from '../../../../contract/texts/community-ui.ts';
import { ticketsUi as ui } from '../../../../contract/texts/tickets-ui.ts';
import { newTicketBody } from '../../../../contract/tickets.ts';
import { Card } from '../../../components/ui/card.tsx';
import { PageBackLink } from '../../../components/ui/detail-page.tsx';
import { SubmitRow } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Page } from '../../../components/ui/page-header.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useZodForm } from '../../../lib/forms.ts';
import toast from '../../../lib/toast.ts';
import { useCreateTicket } from '../api.ts';

export function CreateTicketPage() {
  const create = useCreateTicket();
  const navigate = useNavigate();
  const { field, handleSubmit, failed } = useZodForm(newTicketBody, {
    defaultValues: { title: '', message: '' },
  });

  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (ticket) => {
        toast.success(m.created);
        void navigate(`/tickets/${ticket.id}`, { replace: true });
      },
      onError: failed(m.createFailed, ['title', 'message']),
    }),
  );

  return (
    <Page
      width="max-w-2xl"
      back={<PageBackLink to="/tickets" label={ui.supportTickets} />}
      title={ui.newTicket}
      icon={LifeBuoy}
      intro={ui.newTicketIntro}
    >
      <Card className="p-5 sm:p-6">
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <Input label={c.title} {...field('title')} />
          <Textarea label={c.message} rows={8} hint={ui.messageHint} {...field('message')} />
          <SubmitRow cancel="/tickets" loading={create.isPending}>
            {ui.createTicket}
          </SubmitRow>
        </form>
      </Card>
    </Page>
  );
}
