import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchLimits } from '../../../contract/search-texts.ts';
import { searchRoutes } from '../../lib/api-routes/search.gen.ts';

export function useGlobalSearch(q: string) {
  return useQuery({
    queryKey: ['search', q],
    queryFn: ({ signal }) => searchRoutes.search({ q }, { signal }),
    enabled: q.length >= searchLimits.minLength,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    meta: { public: true },
  });
}
