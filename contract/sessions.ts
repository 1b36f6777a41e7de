import { z } from 'zod';

/** One signed-in session of mine: never its token, only the session's own id. */
export const sessionItem = z.object({
  id: z.string(),
  device: z.string(),
  browser: z.string(),
  os: z.string(),
  ipAddress: z.string(),
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
