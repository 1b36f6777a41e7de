import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchLimits } from '../../../contract/search-texts.ts';
import * as api from '../../lib/api-routes.gen.ts';

export function useGlobalSearch(q: string) {
  return useQuery({
    queryKey: ['search', q],
    queryFn: ({ signal }) => api.search.search({ q }, { signal }),
    enabled: q.length >= searchLimits.minLength,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    meta: { public: true },
  });
}
