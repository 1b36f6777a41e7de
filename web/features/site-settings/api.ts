import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../../contract/site.ts';
import { api } from '../../lib/api.ts';

export const siteSettingsQuery = queryOptions({
  queryKey: ['site-settings'],
  queryFn: ({ signal }) => api<PublicConfig>('/site-settings', { signal }),
  staleTime: 10 * 60_000,
  // The same for everyone: kept when members sign in or out.
  meta: { public: true },
});

export function useSiteSettings() {
  return useQuery(siteSettingsQuery);
}
