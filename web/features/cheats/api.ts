import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  AdminCheat,
  CheatBody,
  CheatDetail,
  CheatDownload,
  CheatPage,
  CheatStatus,
} from '../../../contract/cheats.ts';
import { api } from '../../lib/api.ts';
import { watches } from '../../lib/api-routes.gen.ts';
import { pagedQuery, useRefreshingMutation } from '../../lib/queries.ts';
import { cheatsRootKey } from '../../lib/query-roots.ts';

export type CheatFilter = 'all' | CheatStatus;

export const cheatKeys = {
  all: cheatsRootKey,
  list: (status: CheatFilter, q: string) => ['cheats', 'list', status, q] as const,
  detail: (id: string) => ['cheats', 'detail', id] as const,
  admin: (id: string) => ['cheats', 'admin', id] as const,
};

export function useCheats(status: CheatFilter, q: string) {
  return useInfiniteQuery({
    ...pagedQuery<CheatPage>(cheatKeys.list(status, q), '/cheats', { status, q }),
    meta: { public: true },
  });
}

export function cheatQuery(id: string) {
  return queryOptions({
    queryKey: cheatKeys.detail(id),
    queryFn: ({ signal }) => api<CheatDetail>(`/cheats/${id}`, { signal }),
    meta: { public: true },
  });
}

export function useCheat(id: string) {
  return useQuery(cheatQuery(id));
}

/** The cheat with its download link, for the staff edit form. */
export function useAdminCheat(id: string | undefined) {
  return useQuery({
    queryKey: cheatKeys.admin(id ?? ''),
    queryFn: ({ signal }) => api<AdminCheat>(`/admin/cheats/${id}`, { signal }),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

function useCheatMutation<V, R>(fn: (vars: V) => Promise<R>) {
  return useRefreshingMutation(fn, cheatKeys.all);
}

export function usePublishCheat() {
  return useCheatMutation((body: CheatBody) => api<AdminCheat>('/admin/cheats', { method: 'POST', body }));
}

export function useUpdateCheat() {
  return useCheatMutation(({ id, body }: { id: string; body: CheatBody }) =>
    api<AdminCheat>(`/admin/cheats/${id}`, { method: 'PUT', body }),
  );
}

export function useDeleteCheat() {
  return useCheatMutation((id: string) => api<undefined>(`/admin/cheats/${id}`, { method: 'DELETE' }));
}

export function useDownloadCheat() {
  return useCheatMutation((id: string) => api<CheatDownload>(`/cheats/${id}/download`, { method: 'POST' }));
}

/** Watch or stop watching a cheat (detection alerts) from its detail or its card; refreshes both. */
export function useWatchCheat(id: string) {
  return useCheatMutation((watch: boolean) => (watch ? watches.watchCheat : watches.unwatchCheat)({ id }));
}
