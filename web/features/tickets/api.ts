import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettleBody } from '../../../contract/orders.ts';
import type { NewTicketBody, TicketDetail, TicketStatus } from '../../../contract/tickets.ts';
import { ordersRoutes } from '../../lib/api-routes/orders.gen.ts';
import { ticketsRoutes } from '../../lib/api-routes/tickets.gen.ts';
import { usePagedQuery } from '../../lib/queries.ts';
import { listingsRootKey, ordersRootKey, ticketsRootKey, walletRootKey } from '../../lib/query-roots.ts';
import { meKey } from '../../lib/session.ts';

export type AdminTicketFilter = 'all' | TicketStatus;

export const ticketKeys = {
  all: ticketsRootKey,
  mine: [...ticketsRootKey, 'mine'] as const,
  admin: (status: AdminTicketFilter, q: string) => [...ticketsRootKey, 'admin', status, q] as const,
  detail: (id: string) => [...ticketsRootKey, 'detail', id] as const,
};

export function useMyTickets() {
  return usePagedQuery(ticketKeys.mine, (cursor, signal) => ticketsRoutes.mine({ cursor }, { signal }));
}

export function useAdminTickets(status: AdminTicketFilter, q: string) {
  return usePagedQuery(ticketKeys.admin(status, q), (cursor, signal) =>
    ticketsRoutes.adminList({ status, q, cursor }, { signal }),
  );
}

export function useTicket(id: string) {
  return useQuery({
    queryKey: ticketKeys.detail(id),
    queryFn: ({ signal }) => ticketsRoutes.get({ id }, { signal }),
    retry: false,
  });
}

/** Every ticket write refreshes every ticket list, and seeds the ticket's detail with the answer. */
function useTicketMutation<V>(fn: (vars: V) => Promise<TicketDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketKeys.detail(ticket.id), ticket);
      return queryClient.invalidateQueries({
        queryKey: ticketKeys.all,
        predicate: (q) => q.queryKey[1] !== 'detail',
      });
    },
  });
}

export function useCreateTicket() {
  return useTicketMutation((body: NewTicketBody) => ticketsRoutes.create(body));
}

export function useReplyToTicket() {
  return useTicketMutation(({ id, message }: { id: string; message: string }) =>
    ticketsRoutes.reply({ id }, { message }),
  );
}

export function useSetTicketStatus() {
  return useTicketMutation(({ id, status }: { id: string; status: TicketStatus }) =>
    ticketsRoutes.setStatus({ id }, { status }),
  );
}

/** The order a dispute ticket is about (its two parties and staff may read it). */
export function useTicketOrder(orderId: string | null) {
  return useQuery({
    queryKey: [...ordersRootKey, 'detail', orderId],
    queryFn: ({ signal }) => ordersRoutes.get({ id: orderId ?? '' }, { signal }),
    enabled: orderId !== null,
  });
}

/** Staff settle a dispute: the order, the ticket (a note, closed), the wallets and listings all change. */
export function useSettleDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; body: SettleBody }) =>
      ordersRoutes.settle({ id: orderId }, body),
    onSuccess: async (order) => {
      queryClient.setQueryData([...ordersRootKey, 'detail', order.id], order);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersRootKey }),
        queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
        queryClient.invalidateQueries({ queryKey: walletRootKey }),
        queryClient.invalidateQueries({ queryKey: listingsRootKey }),
        queryClient.invalidateQueries({ queryKey: meKey }),
      ]);
    },
  });
}

/** Staff reveal a disputed order's content link: an explicit, audited action (the first time per staff member). */
export function useRevealContentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => ordersRoutes.reveal({ id: orderId }),
    // The audit log (admin feature's key; features do not import each other) gains the entry.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'audit-log'] }),
  });
}
