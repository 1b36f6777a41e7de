import {
  infiniteQueryOptions,
  type QueryKey,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api, withQuery } from './api.ts';

type ListParams = Record<string, string | undefined>;

/** One page from its cursor: `(cursor, signal) => listingsRoutes.list({ ...filters, cursor }, { signal })`. */
type PageReader<Page> = (cursor: string | undefined, signal: AbortSignal) => Promise<Page>;

/**
 * A list's read beyond its pages: `params` for a list read from a path; `enabled` false to wait; `meta.public`
 * when it is the same for everyone.
 */
interface ListOptions {
  params?: ListParams;
  enabled?: boolean;
  meta?: { public: true };
}

/**
 * A keyset-paged list read by a route table call (`readPage`), or from `path` with `params` (empty ones left
 * out): each further page asks from the last page's `nextCursor`, and there is none once it is null.
 */
export function pagedQuery<Page extends { nextCursor: string | null }>(
  queryKey: QueryKey,
  readPage: string | PageReader<Page>,
  { params = {}, ...options }: ListOptions = {},
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      typeof readPage === 'string'
        ? api<Page>(withQuery(readPage, { ...params, cursor: pageParam }), { signal })
        : readPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    ...options,
  });
}

/** A component's read of a `pagedQuery` list: its pages so far, and the next one on demand. */
export function usePagedQuery<Page extends { nextCursor: string | null }>(
  queryKey: QueryKey,
  readPage: string | PageReader<Page>,
  options?: ListOptions,
) {
  return useInfiniteQuery(pagedQuery(queryKey, readPage, options));
}

/** A mutation that, once it succeeds, refreshes every query under each of `keys` (and is pending until then). */
export function useRefreshingMutation<V, R>(mutationFn: (vars: V) => Promise<R>, ...keys: QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
