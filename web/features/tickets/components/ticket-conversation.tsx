import { ShieldCheck } from 'lucide-react';
import { ticketsUi as ui } from '../../../../contract/texts/tickets-ui.ts';
import type { TicketMessage } from '../../../../contract/tickets.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { cn } from '../../../lib/cn.ts';

/** The ticket's messages, oldest first; staff replies are marked and tinted. */
export function TicketConversation({ messages }: { messages: TicketMessage[] }) {
  return (
    <ol aria-label={ui.conversation} className="flex flex-col gap-3">
      {messages.map((msg) => (
        <li
          key={msg.id}
          className={cn(
            'rounded-2xl border p-4',
            msg.isStaffReply ? 'border-primary/30 bg-primary/5' : 'border-line bg-surface',
          )}
        >
          <div className="mb-2 flex flex-wrap items-center gap-2 text-sm">
            <Avatar person={msg.author} className="size-7 text-xs" />
            <span className="font-semibold">{msg.author.username}</span>
            {msg.isStaffReply && (
              <Badge tone="primary">
                <ShieldCheck className="size-3" aria-hidden="true" />
                {ui.staff}
              </Badge>
            )}
            <DateTime at={msg.createdAt} className="ml-auto text-xs text-muted" />
          </div>
          <p className="text-sm break-words whitespace-pre-wrap">{msg.message}</p>
        </li>
      ))}
    </ol>
  );
}
