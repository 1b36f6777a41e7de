import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheatBody, CheatStatus } from '../../../contract/cheats.ts';
import { cheatsRoutes } from '../../lib/api-routes/cheats.gen.ts';
import { watchesRoutes } from '../../lib/api-routes/watches.gen.ts';
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
    (cursor, signal) => cheatsRoutes.list({ status, q, cursor }, { signal }),
    { meta: { public: true } },
  );
}

export function cheatQuery(id: string) {
  return queryOptions({
    queryKey: cheatKeys.detail(id),
    queryFn: ({ signal }) => cheatsRoutes.get({ id }, { signal }),
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
    queryFn: ({ signal }) => cheatsRoutes.adminGet({ id: id ?? '' }, { signal }),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

function useCheatMutation<V, R>(fn: (vars: V) => Promise<R>) {
  return useRefreshingMutation(fn, cheatKeys.all);
}

export function usePublishCheat() {
  return useCheatMutation((body: CheatBody) => cheatsRoutes.publish(body));
}

export function useUpdateCheat() {
  return useCheatMutation(({ id, body }: { id: string; body: CheatBody }) => cheatsRoutes.edit({ id }, body));
}

export function useDeleteCheat() {
  return useCheatMutation((id: string) => cheatsRoutes.remove({ id }));
}

export function useDownloadCheat() {
  return useCheatMutation((id: string) => cheatsRoutes.download({ id }));
}

/** Watch or stop watching a cheat (detection alerts) from its detail or its card; refreshes both. */
export function useWatchCheat(id: string) {
  return useCheatMutation((watch: boolean) =>
    (watch ? watchesRoutes.watchCheat : watchesRoutes.unwatchCheat)({ id }),
  );
}
