import { useQuery } from '@tanstack/react-query';
import { trustRoutes } from '../../lib/api-routes/trust.gen.ts';

/**
 * The `trust` setting (trust levels: what unlocks each, each one's limits), which the public config leaves
 * out; under the settings key, so a save or the socket's `site-settings` event refreshes it too.
 */
export function useTrustTerms(enabled: boolean) {
  return useQuery({
    queryKey: ['site-settings', 'trust'],
    queryFn: ({ signal }) => trustRoutes.levels({ signal }),
    enabled,
  });
}
