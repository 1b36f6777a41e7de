import { type TicketStatus, ticketStatusLabels } from '../../../../contract/tickets.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

const tones: Record<TicketStatus, BadgeTone> = { open: 'primary', in_progress: 'warning', closed: 'neutral' };

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return <Badge tone={tones[status]}>{ticketStatusLabels[status]}</Badge>;
}

/** Ticket ids are shown as their first 8 characters (spec §9). */
export const shortId = (id: string) => id.slice(0, 8);
