import { z } from 'zod';
import { deviceKinds } from './texts/device-ui.ts';

/** What the server read from a user agent: the kind as a code the page words, the names as the agent gives them. */
export const deviceFields = {
  deviceKind: z.enum(deviceKinds),
  /** Vendor and model when the user agent names them ("Apple iPhone"). */
  deviceModel: z.string().nullable(),
  /** "Firefox 128"; null when the user agent names none (a script, a bot). */
  browser: z.string().nullable(),
  /** "Windows 10"; null when the user agent names none. */
  os: z.string().nullable(),
};

/** One signed-in session of mine: never its token, only the session's own id. */
export const sessionItem = z.object({
  id: z.string(),
  ...deviceFields,
  /** Null when the request carried none the server could read. */
  ipAddress: z.string().nullable(),
  lastActiveAt: z.string(),
  createdAt: z.string(),
  /** The session this request came with ("This device"). */
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionItem>;
export const sessionsResponse = z.object({ items: z.array(sessionItem) });
export type SessionsResponse = z.infer<typeof sessionsResponse>;

export const sessionIdParams = z.object({ id: z.string().max(64) });
export const revokeOthersResponse = z.object({ revoked: z.number().int() });

/** The "This wasn't me" link's token (it travels in the page's fragment, posted here on confirm). */
export const notMeBody = z.object({ token: z.string().min(1).max(200) });
