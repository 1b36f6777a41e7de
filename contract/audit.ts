import { z } from 'zod';
import { pageOf } from './pages.ts';
import { person } from './people.ts';

export const auditPageSize = 50;

export const auditEntry = z.object({
  id: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** Any JSON value (null: none); `unknown` takes null already, so no `.nullable()` (an empty `anyOf` branch). */
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
  actor: person.nullable(),
});

export const auditPage = pageOf(auditEntry);
export type AuditPage = z.infer<typeof auditPage>;
