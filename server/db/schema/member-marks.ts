import { type AnyPgColumn, index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { profiles } from './auth.ts';
import { belongsTo, createdAt } from './columns.ts';

/**
 * A member's mark on a row (a like, a watch): the row's reference (`key`, its column the key in snake_case),
 * the member and when. Keyed (row, member), so a second mark is a no-op and a row's marks read in key order;
 * `<name>_user_idx` serves the member's own marks.
 */
export function memberMarks<const K extends string>(name: string, key: K, references: () => AnyPgColumn) {
  const column = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const target = { [key]: belongsTo(column, references) } as Record<K, ReturnType<typeof belongsTo>>;
  return pgTable(
    name,
    { ...target, userId: belongsTo('user_id', () => profiles.id), createdAt: createdAt() },
    (t) => [primaryKey({ columns: [t[key], t.userId] }), index(`${name}_user_idx`).on(t.userId)],
  );
}
