import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';

export async function findProfileById(db: Db, id: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id));
  return row;
}
