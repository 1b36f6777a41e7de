import { z } from 'zod';

export const auditPageSize = 50;

export const auditListQuery = z.object({ cursor: z.string().max(400).optional() });

export const auditEntry = z.object({
  id: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.string(),
  actor: z.object({ id: z.string(), username: z.string() }).nullable(),
});

export const auditPage = z.object({ items: z.array(auditEntry), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPage>;
