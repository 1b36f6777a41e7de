import { z } from 'zod';
import { roles } from './limits.ts';

export const userIdParams = z.object({ id: z.uuid({ error: 'User ID not found' }) });

export const adminUserPatch = z
  .object({ banned: z.boolean().optional(), role: z.enum(roles).optional() })
  .strict()
  .refine((v) => v.banned !== undefined || v.role !== undefined, { message: 'Nothing to change' });

export const adminUserResponse = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(roles),
  banned: z.boolean(),
});
