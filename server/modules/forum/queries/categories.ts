import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { readStatements, viewerShape } from '../../../db/prepared.ts';
import { forumCategories } from '../../../db/schema/index.ts';
import { unreadByCategory } from '../watch.ts';

/* Forum categories: the list with unread counts, admin changes and the defaults. */

const categoriesFor = (db: Db, member: boolean) => {
  const unread = member
    ? unreadByCategory(sql.placeholder('viewer'))
    : sql`select null::uuid as category_id, 0 as n where false`;
  return db
    .select({
      id: forumCategories.id,
      name: forumCategories.name,
      description: forumCategories.description,
      threadCount: forumCategories.threadCount,
      unreadCount: sql<number>`coalesce(u.n, 0)::int`.mapWith(Number),
    })
    .from(forumCategories)
    .leftJoin(sql`(${unread}) u`, sql`u.category_id = ${forumCategories.id}`)
    .orderBy(forumCategories.position, forumCategories.name);
};
const categoriesStatement = readStatements('forum_categories', categoriesFor);

/** The categories with, for a member, each one's unread thread count: one (prepared) statement. */
export async function listCategories(db: Db, viewerId: string | null) {
  const shape = viewerShape(viewerId);
  const statement = categoriesStatement(db, shape, !!viewerId);
  return statement.execute({ viewer: viewerId });
}

export async function findCategory(db: Db | Tx, id: string) {
  const [row] = await db.select().from(forumCategories).where(eq(forumCategories.id, id));
  return row;
}

export async function insertCategory(db: Db, values: { name: string; description: string }) {
  const [row] = await db
    .insert(forumCategories)
    .values({ ...values, position: sql`coalesce((select max(position) + 1 from forum_categories), 0)` })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function deleteCategory(db: Db, id: string) {
  const rows = await db
    .delete(forumCategories)
    .where(eq(forumCategories.id, id))
    .returning({ id: forumCategories.id });
  return rows.length > 0;
}

const DEFAULT_CATEGORIES = [
  { name: 'General Discussion', description: 'Anything about games, cheats and the community.', position: 0 },
  { name: 'Cheat Support', description: 'Help with setting up and running cheats.', position: 1 },
  { name: 'Game Updates', description: 'Patches, ban waves and detection news.', position: 2 },
  {
    name: 'Marketplace Talk',
    description: 'Trading tips, reviews and questions about listings.',
    position: 3,
  },
];

/** Inserts the default categories when there are none (one statement; a no-op afterwards). */
export async function ensureDefaultCategories(db: Db) {
  const values = sql.join(
    DEFAULT_CATEGORIES.map((c) => sql`(${c.name}::text, ${c.description}::text, ${c.position}::int)`),
    sql`, `,
  );
  await db.execute(
    sql`insert into ${forumCategories} (name, description, position)
        select * from (values ${values}) as v(name, description, position)
        where not exists (select 1 from ${forumCategories})
        on conflict do nothing`,
  );
}
