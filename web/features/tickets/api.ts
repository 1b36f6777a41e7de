import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { NewTicketBody, TicketDetail, TicketPage, TicketStatus } from '../../../contract/tickets.ts';
import { api } from '../../lib/api.ts';

export type AdminTicketFilter = 'all' | TicketStatus;

export const ticketKeys = {
  all: ['tickets'] as const,
  mine: ['tickets', 'mine'] as const,
  admin: (status: AdminTicketFilter, q: string) => ['tickets', 'admin', status, q] as const,
  detail: (id: string) => ['tickets', 'detail', id] as const,
};

function listPath(base: string, params: Record<string, string | undefined>) {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) search.set(k, v);
  const qs = search.toString();
  return qs ? `${base}?${qs}` : base;
}

export function useMyTickets() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ticketKeys.mine,
      queryFn: ({ pageParam, signal }) =>
        api<TicketPage>(listPath('/tickets', { cursor: pageParam }), { signal }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );
}

export function useAdminTickets(status: AdminTicketFilter, q: string) {
  return useInfiniteQuery({
    queryKey: ticketKeys.admin(status, q),
    queryFn: ({ pageParam, signal }) =>
      api<TicketPage>(listPath('/admin/tickets', { status, q, cursor: pageParam }), { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useTicket(id: string) {
  return useQuery({
    queryKey: ticketKeys.detail(id),
    queryFn: ({ signal }) => api<TicketDetail>(`/tickets/${id}`, { signal }),
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
  return useTicketMutation((body: NewTicketBody) => api<TicketDetail>('/tickets', { method: 'POST', body }));
}

export function useReplyToTicket() {
  return useTicketMutation(({ id, message }: { id: string; message: string }) =>
    api<TicketDetail>(`/tickets/${id}/messages`, { method: 'POST', body: { message } }),
  );
}

export function useSetTicketStatus() {
  return useTicketMutation(({ id, status }: { id: string; status: TicketStatus }) =>
    api<TicketDetail>(`/tickets/${id}`, { method: 'PATCH', body: { status } }),
  );
}
