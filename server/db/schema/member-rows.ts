import { type AnyPgColumn, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './auth.ts';
import { belongsTo, primaryId } from './columns.ts';

/** A column's name for a key: `threadId` → `thread_id`. */
export const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A member's own row (a listing, a ticket, a notification…): its id and the member, whose deletion deletes it. */
export const memberRow = () => ({ id: primaryId(), userId: belongsTo('user_id', () => profiles.id) });

/** A reference to a member that the row outlives (a record for the books or the log): null once they are gone. */
export const memberOrGone = (name: string) =>
  uuid(name).references(() => profiles.id, { onDelete: 'set null' });

/**
 * A member's row inside a parent row (a reply in its thread, a message in its ticket): its id, the parent's
 * reference (`key`, its column the key in snake_case) and the member; deleting either deletes it.
 */
export function memberRowIn<const K extends string>(key: K, parent: () => AnyPgColumn) {
  const inParent = { [key]: belongsTo(snakeCase(key), parent) } as Record<K, ReturnType<typeof belongsTo>>;
  return { id: primaryId(), ...inParent, userId: belongsTo('user_id', () => profiles.id) };
}
