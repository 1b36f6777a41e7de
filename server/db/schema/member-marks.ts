import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { profiles } from './auth.ts';
import { belongsTo, createdAt } from './columns.ts';
import { snakeCase } from './member-rows.ts';

/**
 * A member's mark on a row (a like, a watch): the row's reference (`key`, its column the key in snake_case),
 * the member and when. Keyed (row, member), so a second mark is a no-op and a row's marks read in key order;
 * `<name>_user_idx` serves the member's own marks.
 */
export function memberMarks<const K extends string>(name: string, key: K, references: () => AnyPgColumn) {
  const target = { [key]: belongsTo(snakeCase(key), references) } as Record<K, ReturnType<typeof belongsTo>>;
  return pgTable(
    name,
    { ...target, userId: belongsTo('user_id', () => profiles.id), createdAt: createdAt() },
    (t) => [primaryKey({ columns: [t[key], t.userId] }), index(`${name}_user_idx`).on(t.userId)],
  );
}

/**
 * A member's tie to another member (a follow, a block): `from` the member who made it, `to` the other, and
 * when. Keyed (from, to), so a second tie is a no-op and a member's own ties read in key order;
 * `<name>_<to>_idx` serves the other direction, and a member cannot tie to themself.
 */
export function memberTies<const F extends string, const T extends string>(name: string, from: F, to: T) {
  const member = () => profiles.id;
  const ends = {
    [from]: belongsTo(snakeCase(from), member),
    [to]: belongsTo(snakeCase(to), member),
  } as Record<F | T, ReturnType<typeof belongsTo>>;
  return pgTable(name, { ...ends, createdAt: createdAt() }, (t) => [
    primaryKey({ columns: [t[from], t[to]] }),
    index(`${name}_${snakeCase(to).replace(/_id$/, '')}_idx`).on(t[to]),
    check(`${name}_not_self`, sql`${t[from]} <> ${t[to]}`),
  ]);
}
