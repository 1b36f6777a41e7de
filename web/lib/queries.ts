import { infiniteQueryOptions, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api.ts';

type ListParams = Record<string, string | undefined>;

/** `base` with the non-empty `params` as its query string. */
function listPath(base: string, params: ListParams) {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) search.set(k, v);
  const qs = search.toString();
  return qs ? `${base}?${qs}` : base;
}

/**
 * A keyset-paged list read from `path` with `params` (empty ones left out): each further page asks from the
 * last page's `nextCursor`, and there is none once it is null.
 */
export function pagedQuery<Page extends { nextCursor: string | null }>(
  queryKey: QueryKey,
  path: string,
  params: ListParams = {},
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      api<Page>(listPath(path, { ...params, cursor: pageParam }), { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** A mutation that, once it succeeds, refreshes every query under each of `keys` (and is pending until then). */
export function useRefreshingMutation<V, R>(mutationFn: (vars: V) => Promise<R>, ...keys: QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
