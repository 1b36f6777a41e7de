import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';
import { memberOrGone } from './member-rows.ts';

/** Admin-edited site settings (spec §3): one row per key, its value checked by contract/site.ts. */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: memberOrGone('updated_by'),
  updatedAt: updatedAt(),
});
