import { jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './auth.ts';
import { updatedAt } from './columns.ts';

/** Admin-edited site settings (spec §3): one row per key, its value checked by contract/site.ts. */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: uuid('updated_by').references(() => profiles.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
