import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteSettingKey } from '../../../contract/site.ts';
import { siteSettingsRoutes } from '../../lib/api-routes/site-settings.gen.ts';

export const siteSettingsQuery = queryOptions({
  queryKey: ['site-settings'],
  queryFn: ({ signal }) => siteSettingsRoutes.public({ signal }),
  // Kept fresh by the socket's 'site-settings' event; refetched now and then in case it was missed.
  staleTime: 60_000,
  refetchInterval: 5 * 60_000,
  // The same for everyone: kept when members sign in or out.
  meta: { public: true },
});

export function useSiteSettings() {
  return useQuery(siteSettingsQuery);
}

/*
 * Written out rather than through useRefreshingMutation: the shell reads the settings, so this module is in
 * the first screen, and the helper would bring lib/queries.ts (its paged lists) along into the budget.
 */
export function useUpdateSiteSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: SiteSettingKey; value: object }) =>
      siteSettingsRoutes.set({ key }, value as Record<string, unknown>),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteSettingsQuery.queryKey }),
  });
}
