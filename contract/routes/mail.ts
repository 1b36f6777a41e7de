import { errorResponse } from '../errors.ts';
import { unsubscribeQuery, unsubscribeResponse } from '../mail.ts';
import type { RouteGroup } from './route.ts';

/**
 * The one-click unsubscribe of a mail kind (RFC 8058): the link is signed, so it works without signing in and
 * for that member and kind only. GET shows what a POST would do; POST turns it off. Not in `routeTables`
 * (index.ts): the web calls neither (the links are in mails), so its generated client would carry them for
 * nothing; server/plugins/route-table.test.ts checks them with the table.
 */
export const mailRoutes = {
  unsubscribePreview: {
    method: 'GET',
    path: '/email/unsubscribe',
    access: 'public',
    summary: 'What a signed unsubscribe link would turn off (changes nothing)',
    query: unsubscribeQuery,
    response: { 200: unsubscribeResponse, 404: errorResponse },
  },
  unsubscribe: {
    method: 'POST',
    path: '/email/unsubscribe',
    access: 'public',
    summary: 'Turn off the mail kind of a signed unsubscribe link (one-click)',
    query: unsubscribeQuery,
    response: { 200: unsubscribeResponse, 404: errorResponse },
  },
} as const satisfies RouteGroup;
