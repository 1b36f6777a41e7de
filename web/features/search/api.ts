import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '../../../contract/search.ts';
import { searchLimits } from '../../../contract/search-texts.ts';
import { api } from '../../lib/api.ts';

export function useGlobalSearch(q: string) {
  return useQuery({
    queryKey: ['search', q],
    queryFn: ({ signal }) => api<SearchResponse>(`/search?q=${encodeURIComponent(q)}`, { signal }),
    enabled: q.length >= searchLimits.minLength,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    meta: { public: true },
  });
}
