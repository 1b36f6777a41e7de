import { createContext } from 'react';

/**
 * Present while the server draws a page (web/entry-server.tsx). A page that would redirect there (a login-required
 * page under a public address, such as /profile/settings, under the profile's link card) marks it instead, and is not drawn: the browser
 * redirects as before, and the server does not render a redirect its static router cannot follow.
 * Its own module, not server-state.ts: that one is in every page's entry, this only in the lazy guard's chunk.
 */
export const ServerDraw = createContext<{ redirected: boolean } | null>(null);
