import { siteSettingSchemas } from '../site.ts';
import type { RouteGroup } from './route.ts';

/** The trust levels' terms, read by the admin settings and the pages that explain a level. */
export const trustRoutes = {
  levels: {
    method: 'GET',
    path: '/trust-levels',
    access: 'public',
    summary:
      "What unlocks each trust level and each level's limits (the `trust` site setting, stored over defaults)",
    response: { 200: siteSettingSchemas.trust },
  },
} as const satisfies RouteGroup;
