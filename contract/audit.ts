import { z } from 'zod';
import { cursorParam, pageOf } from './pages.ts';
import { person } from './people.ts';

export const auditPageSize = 50;

export const auditListQuery = z.object({ cursor: cursorParam });

export const auditEntry = z.object({
  id: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.string(),
  actor: person.nullable(),
});

export const auditPage = pageOf(auditEntry);
export type AuditPage = z.infer<typeof auditPage>;
