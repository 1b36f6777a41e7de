import { z } from 'zod';

/** A member as lists name them: a link to their profile. */
export const person = z.object({ id: z.string(), username: z.string() });

/** A member with the picture beside their name. */
export const personWithAvatar = z.object({
  id: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
});
