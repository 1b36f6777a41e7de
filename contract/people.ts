import { z } from 'zod';
import { roles } from './limits.ts';

/** A member as lists name them: a link to their profile. */
export const person = z.object({ id: z.string(), username: z.string() });

/** A member with the picture beside their name. */
export const personWithAvatar = z.object({
  id: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
});

/** A member as their own writing and their session show them: the picture and the staff badge. */
export const personWithRole = personWithAvatar.extend({ role: z.enum(roles) });
