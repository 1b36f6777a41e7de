import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, primaryId } from './columns.ts';
import { memberOrGone } from './member-rows.ts';

/**
 * Every staff action (spec issue 8: ban, role, grant, delete, pin, status, settings, report decisions...),
 * append-only: the audit module only inserts and reads; nothing updates or deletes a row.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: primaryId(),
    // Kept when the actor's account goes: the record must outlive it.
    actorId: memberOrGone('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc())],
);
