import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheatBody, CheatStatus } from '../../../contract/cheats.ts';
import * as api from '../../lib/api-routes.gen.ts';
import { usePagedQuery, useRefreshingMutation } from '../../lib/queries.ts';
import { cheatsRootKey } from '../../lib/query-roots.ts';

export type CheatFilter = 'all' | CheatStatus;

export const cheatKeys = {
  all: cheatsRootKey,
  list: (status: CheatFilter, q: string) => [...cheatsRootKey, 'list', status, q] as const,
  detail: (id: string) => [...cheatsRootKey, 'detail', id] as const,
  admin: (id: string) => [...cheatsRootKey, 'admin', id] as const,
};

export function useCheats(status: CheatFilter, q: string) {
  return usePagedQuery(
    cheatKeys.list(status, q),
    (cursor, signal) => api.cheats.list({ status, q, cursor }, { signal }),
    { meta: { public: true } },
  );
}

export function cheatQuery(id: string) {
  return queryOptions({
    queryKey: cheatKeys.detail(id),
    queryFn: ({ signal }) => api.cheats.get({ id }, { signal }),
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
    queryFn: ({ signal }) => api.cheats.adminGet({ id: id ?? '' }, { signal }),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

function useCheatMutation<V, R>(fn: (vars: V) => Promise<R>) {
  return useRefreshingMutation(fn, cheatKeys.all);
}

export function usePublishCheat() {
  return useCheatMutation((body: CheatBody) => api.cheats.publish(body));
}

export function useUpdateCheat() {
  return useCheatMutation(({ id, body }: { id: string; body: CheatBody }) => api.cheats.edit({ id }, body));
}

export function useDeleteCheat() {
  return useCheatMutation((id: string) => api.cheats.remove({ id }));
}

export function useDownloadCheat() {
  return useCheatMutation((id: string) => api.cheats.download({ id }));
}

/** Watch or stop watching a cheat (detection alerts) from its detail or its card; refreshes both. */
export function useWatchCheat(id: string) {
  return useCheatMutation((watch: boolean) =>
    (watch ? api.watches.watchCheat : api.watches.unwatchCheat)({ id }),
  );
}
