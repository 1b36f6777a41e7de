import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { forumRevisions, profiles } from '../../../db/schema/index.ts';

/* Earlier versions of an edited thread or reply. */

/** Earlier versions of a thread's own text (`replyId` undefined) or of one reply, newest first. */
export async function listRevisions(db: Db, target: { threadId: string } | { replyId: string }) {
  return db
    .select({
      id: forumRevisions.id,
      title: forumRevisions.title,
      content: forumRevisions.content,
      createdAt: forumRevisions.createdAt,
      editorId: profiles.id,
      editorName: profiles.username,
    })
    .from(forumRevisions)
    .leftJoin(profiles, eq(profiles.id, forumRevisions.editorId))
    .where(
      'threadId' in target
        ? and(eq(forumRevisions.threadId, target.threadId), isNull(forumRevisions.replyId))
        : eq(forumRevisions.replyId, target.replyId),
    )
    .orderBy(desc(forumRevisions.createdAt), desc(forumRevisions.id))
    .limit(100);
}
