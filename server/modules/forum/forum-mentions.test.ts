import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forumMentionNotifyLimit, quoteMarkdown } from '../../../contract/forum.ts';
import { forumPostPath, replyAnchor } from '../../../contract/forum-links.ts';
import { socialMessages } from '../../../contract/messages.ts';
import { notificationTarget } from '../../../contract/notification-target.ts';
import { forumMentions, forumReplies, forumThreads, notifications } from '../../db/schema/index.ts';
import { type BuiltUser, buildForumCategory, buildSignedInUser, buildUser } from '../../test/factories.ts';
import { connected, openSocket } from '../../test/sockets.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 17 item 4: @mentions cooked into profile links, notifying the mentioned member with blocks respected. */
let t: TestApp;
type Member = Awaited<ReturnType<typeof buildSignedInUser>>;
let author: Member;
let moderator: Member;
let categoryId: string;
beforeAll(async () => {
  t = await buildTestApp();
  [author, moderator] = await Promise.all([
    buildSignedInUser(t),
    buildSignedInUser(t, { role: 'moderator' }),
  ]);
  categoryId = (await buildForumCategory(t)).id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

async function newThread(by: Member = author, content = 'Opening post') {
  const res = await call('POST', '/api/v1/forum/threads', by.cookie, {
    categoryId,
    title: 'Mentions here',
    content,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; title: string; contentHtml: string };
}
async function replyTo(threadId: string, content: string, by: Member = author) {
  const res = await call('POST', `/api/v1/forum/threads/${threadId}/replies`, by.cookie, { content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; contentHtml: string };
}
async function editReply(id: string, content: string, by: Member = author) {
  const res = await call('PATCH', `/api/v1/forum/replies/${id}`, by.cookie, { content });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; contentHtml: string };
}
const mentionsOf = (userId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'forum_mention')));
const link = (user: Pick<BuiltUser, 'id' | 'username'>) =>
  `<a href="/profile/${user.id}" class="mention" rel="nofollow ugc noopener" target="_blank">@${user.username}</a>`;
async function block(blocker: Member, blocked: { id: string }) {
  const res = await call('PUT', `/api/v1/users/${blocked.id}/block`, blocker.cookie);
  expect(res.statusCode, res.body).toBe(200);
}

describe('cooking @mentions', () => {
  it('links an existing username (any case, shown as the member spells it) and leaves unknown names as text', async () => {
    const bob = await buildUser(t);
    const thread = await newThread();
    const reply = await replyTo(
      thread.id,
      `Ask @${bob.username.toUpperCase()}, not @nobody_${bob.id.slice(0, 6)}.`,
    );
    const [row] = await t.db.select().from(forumReplies).where(eq(forumReplies.id, reply.id));
    expect(row!.contentHtml).toBe(`<p>Ask ${link(bob)}, not @nobody_${bob.id.slice(0, 6)}.</p>\n`);
    expect(reply.contentHtml).toBe(row!.contentHtml);
  });

  it('never in code, in a link, in an address, or escaped, and none of those notify', async () => {
    const bob = await buildUser(t);
    const thread = await newThread();
    const content = [
      `\`@${bob.username}\``,
      '```',
      `@${bob.username}`,
      '```',
      `[@${bob.username}](https://example.com) mail${'@'}${bob.username}.example.com \\@${bob.username}`,
    ].join('\n');
    const reply = await replyTo(thread.id, content);
    expect(reply.contentHtml).not.toContain('class="mention"');
    expect(await mentionsOf(bob.id)).toEqual([]);
  });

  it('the preview shows the links and notifies nobody', async () => {
    const bob = await buildUser(t);
    const res = await call('POST', '/api/v1/forum/preview', author.cookie, {
      content: `hi @${bob.username}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().html).toBe(`<p>hi ${link(bob)}</p>\n`);
    expect(await mentionsOf(bob.id)).toEqual([]);
  });
});

describe('mention notifications', () => {
  it('a reply notifies the mentioned member once: the bell shows it, a mail is queued, it leads to the reply', async () => {
    const bob = await buildSignedInUser(t);
    const thread = await newThread();
    const reply = await replyTo(thread.id, `@${bob.username} have a look, @${bob.username.toLowerCase()}`);

    const rows = await mentionsOf(bob.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      title: `${author.username} mentioned you`,
      content: thread.title,
      data: { threadId: thread.id, replyId: reply.id },
      read: false,
    });
    expect(notificationTarget(rows[0]!)).toBe(`/forum/post/${thread.id}#reply-${reply.id}`);
    const bell = await call('GET', '/api/v1/notifications?filter=unread', bob.cookie);
    expect(bell.json().unreadCount).toBe(1);
    expect(bell.json().items[0]).toMatchObject({ type: 'forum_mention', data: { replyId: reply.id } });
    // Mailed later by the member's settings (modules/mail): the job is queued with the notification.
    const jobs = await t.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'notification-mail' and data->>'notificationId' = ${rows[0]!.id}`,
    );
    expect((jobs as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    expect(await t.db.select().from(forumMentions).where(eq(forumMentions.replyId, reply.id))).toMatchObject([
      { threadId: thread.id, userId: bob.id },
    ]);
  });

  it('a new thread notifies whom its opening post mentions, leading to the thread', async () => {
    const bob = await buildUser(t);
    const thread = await newThread(author, `Welcome @${bob.username}`);
    const rows = await mentionsOf(bob.id);
    expect(rows.map((r) => r.data)).toEqual([{ threadId: thread.id }]);
    expect(notificationTarget(rows[0]!)).toBe(`/forum/post/${thread.id}`);
  });

  it('never the author, nor an unknown name', async () => {
    const thread = await newThread();
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(notifications);
    const reply = await replyTo(
      thread.id,
      `Note to self @${author.username}; and @ghost_${thread.id.slice(0, 8)}`,
    );
    expect(reply.contentHtml).toContain(link(author));
    expect(await mentionsOf(author.id)).toEqual([]);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(notifications)).toEqual(before);
  });

  it('never a member who blocked the author, nor one the author blocked; the names stay links', async () => {
    const [blocksAuthor, blockedByAuthor, free] = await Promise.all([
      buildSignedInUser(t),
      buildSignedInUser(t),
      buildSignedInUser(t),
    ]);
    const writer = await buildSignedInUser(t);
    await block(blocksAuthor, writer);
    await block(writer, blockedByAuthor);
    const thread = await newThread(writer);
    const reply = await replyTo(
      thread.id,
      `@${blocksAuthor.username} @${blockedByAuthor.username} @${free.username}`,
      writer,
    );
    expect(reply.contentHtml).toContain(link(blocksAuthor));
    expect(reply.contentHtml).toContain(link(blockedByAuthor));
    expect(await mentionsOf(blocksAuthor.id)).toEqual([]);
    expect(await mentionsOf(blockedByAuthor.id)).toEqual([]);
    expect(await mentionsOf(free.id)).toHaveLength(1);
    // A new thread and an edit respect blocks the same way.
    await newThread(writer, `@${blocksAuthor.username} @${blockedByAuthor.username}`);
    await editReply(reply.id, `again @${blocksAuthor.username} @${blockedByAuthor.username}`, writer);
    expect(await mentionsOf(blocksAuthor.id)).toEqual([]);
    expect(await mentionsOf(blockedByAuthor.id)).toEqual([]);
  });

  it(`at most ${forumMentionNotifyLimit} members per post, the first named, over all its edits`, async () => {
    const many = await Promise.all(Array.from({ length: forumMentionNotifyLimit + 2 }, () => buildUser(t)));
    const thread = await newThread();
    const reply = await replyTo(thread.id, many.map((u) => `@${u.username}`).join(' '));
    for (const [i, u] of many.entries()) {
      expect(reply.contentHtml).toContain(link(u));
      expect(await mentionsOf(u.id), u.username).toHaveLength(i < forumMentionNotifyLimit ? 1 : 0);
    }
    const late = await buildUser(t);
    await editReply(reply.id, `@${late.username} and the rest`);
    expect(await mentionsOf(late.id)).toEqual([]);
    const recorded = await t.db.select().from(forumMentions).where(eq(forumMentions.replyId, reply.id));
    expect(recorded).toHaveLength(forumMentionNotifyLimit);
  });

  it('an edit notifies only the newly mentioned, and never twice for one post', async () => {
    const [bob, carol] = await Promise.all([buildUser(t), buildUser(t)]);
    const thread = await newThread();
    const reply = await replyTo(thread.id, `cc @${bob.username}`);
    await editReply(reply.id, `cc @${bob.username} @${carol.username}`);
    expect(await mentionsOf(bob.id)).toHaveLength(1);
    expect((await mentionsOf(carol.id)).map((r) => r.data)).toEqual([
      { threadId: thread.id, replyId: reply.id },
    ]);
    // Taken out and put back: still once.
    await editReply(reply.id, 'nobody');
    await editReply(reply.id, `cc @${bob.username} @${carol.username}`);
    expect(await mentionsOf(bob.id)).toHaveLength(1);
    expect(await mentionsOf(carol.id)).toHaveLength(1);
    // Another post mentioning them counts in their unread notice for the thread, and leads to that post.
    const again = await replyTo(thread.id, `@${bob.username} once more`);
    expect(await mentionsOf(bob.id)).toMatchObject([
      { content: `2 mentions in ${thread.title}`, data: { replyId: again.id, count: '2' } },
    ]);
  });

  it("a thread edit notifies the newly mentioned; a moderator's edit of someone's post notifies nobody", async () => {
    const [bob, carol, dave] = await Promise.all([buildUser(t), buildUser(t), buildUser(t)]);
    const thread = await newThread(author, `hey @${bob.username}`);
    const edit = (by: Member, content: string) =>
      call('PATCH', `/api/v1/forum/threads/${thread.id}`, by.cookie, { title: thread.title, content });
    expect((await edit(author, `hey @${bob.username} @${carol.username}`)).statusCode).toBe(200);
    expect(await mentionsOf(bob.id)).toHaveLength(1);
    expect((await mentionsOf(carol.id)).map((r) => r.data)).toEqual([{ threadId: thread.id }]);

    const byModerator = await edit(moderator, `hey @${dave.username}`);
    expect(byModerator.statusCode).toBe(200);
    expect(byModerator.json().contentHtml).toContain(link(dave));
    const reply = await replyTo(thread.id, 'plain');
    expect((await editReply(reply.id, `@${dave.username}`, moderator)).contentHtml).toContain(link(dave));
    expect(await mentionsOf(dave.id)).toEqual([]);
  });

  it('twenty mentions in one thread make one unread notice counting them and one mail (issue 36)', async () => {
    const [bob, writer] = await Promise.all([buildSignedInUser(t), buildSignedInUser(t)]);
    const thread = await newThread(writer);
    let last = { id: '' };
    for (let i = 0; i < 20; i++) last = await replyTo(thread.id, `@${bob.username} look ${i}`, writer);
    const rows = await mentionsOf(bob.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      title: `${writer.username} mentioned you`,
      content: `20 mentions in ${thread.title}`,
      data: { threadId: thread.id, replyId: last.id, count: '20' },
      read: false,
    });
    expect(notificationTarget(rows[0]!)).toBe(`/forum/post/${thread.id}#reply-${last.id}`);
    const bell = await call('GET', '/api/v1/notifications?filter=unread', bob.cookie);
    expect(bell.json().unreadCount).toBe(1);
    const mailJobs = async () =>
      (
        (await t.db.execute(
          sql`select count(*)::int as n from pgboss.job where name = 'notification-mail'
            and data->>'notificationId' in (select id::text from notifications where user_id = ${bob.id})`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    expect(await mailJobs()).toBe(1);
    // Another thread is another notice; once read, the next mention starts a new one (and its mail).
    await newThread(writer, `@${bob.username} elsewhere`);
    expect(await mentionsOf(bob.id)).toHaveLength(2);
    const read = await call('POST', `/api/v1/notifications/${rows[0]!.id}/read`, bob.cookie);
    expect(read.statusCode, read.body).toBe(200);
    const next = await replyTo(thread.id, `@${bob.username} and again`, writer);
    const fresh = (await mentionsOf(bob.id)).filter((r) => !r.read && r.data.threadId === thread.id);
    expect(fresh).toMatchObject([{ content: thread.title, data: { threadId: thread.id, replyId: next.id } }]);
    expect(await mailJobs()).toBe(3);
  });

  it('reaches the member live, as their bell’s notification event', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const bob = await buildSignedInUser(t);
    const socket = openSocket(url, { origin: 'http://localhost:3000', cookie: bob.cookie });
    try {
      await connected(socket);
      const arrived = new Promise<{ id: string }>((resolve) => socket.once('notification', resolve));
      const thread = await newThread();
      await replyTo(thread.id, `ping @${bob.username}`);
      const [row] = await mentionsOf(bob.id);
      expect(await arrived).toEqual({ id: row!.id });
    } finally {
      socket.disconnect();
    }
  });
});

describe('quotes', () => {
  it('a quote names its author in a link back to the reply, and notifies neither them nor whom they mentioned', async () => {
    const [quoted, carol] = await Promise.all([buildSignedInUser(t), buildUser(t)]);
    const thread = await newThread();
    const original = await replyTo(thread.id, `I agree with @${carol.username}\n\n> older quote`, quoted);
    expect(await mentionsOf(carol.id)).toHaveLength(1);
    const [source] = await t.db.select().from(forumReplies).where(eq(forumReplies.id, original.id));

    const quote = quoteMarkdown({
      author: quoted.username,
      threadId: thread.id,
      replyId: original.id,
      text: source!.content,
    });
    expect(quote).toBe(
      `> [@${quoted.username}](/forum/post/${thread.id}#reply-${original.id}) wrote:\n> I agree with @${carol.username}\n>\n> > older quote\n\n`,
    );
    const reply = await replyTo(thread.id, `${quote}Me too`);
    expect(reply.contentHtml).toBe(
      [
        '<blockquote>',
        `<p><a href="${forumPostPath(thread.id, original.id)}" rel="nofollow ugc noopener" target="_blank">@${quoted.username}</a> wrote:<br />`,
        `I agree with ${link(carol)}</p>`,
        '<blockquote>',
        '<p>older quote</p>',
        '</blockquote>',
        '</blockquote>',
        '<p>Me too</p>',
        '',
      ].join('\n'),
    );
    expect(await mentionsOf(quoted.id)).toEqual([]);
    expect(await mentionsOf(carol.id)).toHaveLength(1);
    expect(replyAnchor(original.id)).toBe(`reply-${original.id}`);
  });

  it("quoting the opening post links to the thread's page", async () => {
    const thread = await newThread(author, 'The first post');
    const [row] = await t.db.select().from(forumThreads).where(eq(forumThreads.id, thread.id));
    const quote = quoteMarkdown({ author: author.username, threadId: thread.id, text: row!.content });
    const reply = await replyTo(thread.id, quote);
    expect(reply.contentHtml).toContain(`<a href="/forum/post/${thread.id}" rel="nofollow ugc noopener"`);
    expect(reply.contentHtml).toContain('The first post');
  });
});

describe('GET /api/v1/users/autocomplete', () => {
  const ask = (q: string, cookie?: string) =>
    call('GET', `/api/v1/users/autocomplete?q=${encodeURIComponent(q)}`, cookie);

  it('requires a session', async () => {
    expect((await ask('abc')).statusCode).toBe(401);
  });

  it.each([
    ['empty', ''],
    ['not a username character', 'a b'],
    ['a wildcard', 'a%'],
    ['longer than a username', 'a'.repeat(21)],
  ])('refuses %s', async (_, q) => {
    const res = await ask(q, author.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(socialMessages.autocompleteInvalid);
  });

  it('names starting with q in any case, in name order, at most 8, never the caller, _ taken literally', async () => {
    const stem = `ac${author.id.slice(0, 5)}`;
    const caller = await buildSignedInUser(t, { username: `${stem}_a` });
    const names = ['Zed', 'alpha', 'Beta', 'c_1', 'cx1', 'd', 'e', 'f', 'g', 'h'].map((s) => `${stem}_${s}`);
    for (const username of names) await buildUser(t, { username });
    await buildUser(t, { username: `x${stem}_inside` });

    const res = await ask(stem.toUpperCase(), caller.cookie);
    expect(res.statusCode).toBe(200);
    const got = res.json().items.map((u: { username: string }) => u.username);
    expect(got).toEqual(
      // Byte order of the lower-case names, as the pattern index reads them.
      [...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)).slice(0, 8),
    );
    expect(res.json().items[0]).toEqual({ id: expect.any(String), username: got[0], avatarUrl: null });
    expect(
      (await ask(`${stem}_c_`, caller.cookie)).json().items.map((u: { username: string }) => u.username),
    ).toEqual([`${stem}_c_1`]);
  });
});
