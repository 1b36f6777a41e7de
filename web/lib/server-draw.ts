import { createContext } from 'react';

/**
 * Present while the server draws a page (web/entry-server.tsx). A page that is the visitor's way to sign in marks
 * it, and is not drawn: one that would redirect there (a login-required page under a public address, such as
 * /profile/settings, under the profile's link card), which the browser redirects as before and the server's
 * static router cannot follow; and one that asks the visitor to sign in (`SignedOut`), whose link carries where
 * to come back to in the app's router state, which a click before the app has taken a drawn page over would not
 * (decision 069). Its own module, not server-state.ts: that one is in every page's entry, this in lazy chunks.
 */
export const ServerDraw = createContext<{ inBrowser: boolean } | null>(null);
