import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type SearchResponse, searchLimits } from '../../../contract/search.ts';
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
