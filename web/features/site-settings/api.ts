import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig, SiteSettingKey } from '../../../contract/site.ts';
import { api } from '../../lib/api.ts';
import { useRefreshingMutation } from '../../lib/queries.ts';

export const siteSettingsQuery = queryOptions({
  queryKey: ['site-settings'],
  queryFn: ({ signal }) => api<PublicConfig>('/site-settings', { signal }),
  // Kept fresh by the socket's 'site-settings' event; refetched now and then in case it was missed.
  staleTime: 60_000,
  refetchInterval: 5 * 60_000,
  // The same for everyone: kept when members sign in or out.
  meta: { public: true },
});

export function useSiteSettings() {
  return useQuery(siteSettingsQuery);
}

export function useUpdateSiteSetting() {
  return useRefreshingMutation(
    ({ key, value }: { key: SiteSettingKey; value: object }) =>
      api<unknown>(`/admin/site-settings/${key}`, { method: 'PUT', body: value }),
    siteSettingsQuery.queryKey,
  );
}
