import { z } from 'zod';
import { roles } from './limits.ts';

/** A member's own profile, as returned to its owner. */
export const meResponse = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(roles),
  banned: z.boolean(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  balance: z.number().int(),
  credits: z.number().int(),
  createdAt: z.string(),
});
export type Me = z.infer<typeof meResponse>;
