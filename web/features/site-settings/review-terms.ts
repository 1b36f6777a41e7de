import { useQuery } from '@tanstack/react-query';
import type { SiteSettingValue } from '../../../contract/site.ts';
import { siteSettingsRoutes } from '../../lib/api-routes/site-settings.gen.ts';

/**
 * The review queue's rules (issue 36) as stored, which the public config leaves out: under the settings key,
 * so a save or the socket's `site-settings` event refreshes them. Only the admin's settings page reads them.
 */
export function useReviewTerms(enabled: boolean) {
  return useQuery({
    queryKey: ['site-settings', 'review'],
    queryFn: async ({ signal }) =>
      (await siteSettingsRoutes.get({ key: 'review' }, { signal })).value as SiteSettingValue<'review'>,
    enabled,
  });
}
