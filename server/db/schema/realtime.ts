import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './auth.ts';
import { belongsTo } from './columns.ts';

/**
 * Presence across app instances on a PostgreSQL server (decision 010). Each running instance has a row whose
 * `seen_at` a heartbeat keeps fresh; an instance silent for too long is reaped by the others, and its presence
 * rows go with it. PGlite (one process) keeps presence in memory and never writes here.
 */
export const realtimeInstances = pgTable('realtime_instances', {
  id: uuid('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A member with at least one socket on an instance. A member with tabs on two instances has two rows; the
 * online list is their distinct members.
 */
export const realtimePresence = pgTable(
  'realtime_presence',
  {
    instanceId: belongsTo('instance_id', () => realtimeInstances.id),
    userId: belongsTo('user_id', () => profiles.id),
    onlineAt: timestamp('online_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.userId] }),
    index('realtime_presence_user_id_idx').on(t.userId),
  ],
);
