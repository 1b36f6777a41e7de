import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketMessages as m, messages } from '../../../contract/messages.ts';
import { auditLog, notifications, ticketMessages, tickets } from '../../db/schema/index.ts';
import { buildSignedInUser, buildTicket, buildUser } from '../../test/factories.ts';
import { countStatements } from '../../test/statement-counter.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

type Signed = Awaited<ReturnType<typeof buildSignedInUser>>;
let t: TestApp;
let admin: Signed;
let moderator: Signed;
let member: Signed;
let other: Signed;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildSignedInUser(t, { role: 'admin' });
  moderator = await buildSignedInUser(t, { role: 'moderator' });
  member = await buildSignedInUser(t);
  other = await buildSignedInUser(t);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
const readTicket = async (id: string) => (await t.db.select().from(tickets).where(eq(tickets.id, id)))[0];
const longMessage = 'My download does not start after the purchase.';

describe('POST /api/v1/tickets', () => {
  it('requires a session', async () => {
    const res = await call('POST', '/api/v1/tickets', undefined, {
      title: 'Hello there',
      message: longMessage,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(m.loginToCreate);
  });

  it('answers 400 with each field message', async () => {
    const cases: [object, string, string][] = [
      [{ title: 'Hey', message: longMessage }, 'title', m.titleTooShort],
      [{ title: 'x'.repeat(101), message: longMessage }, 'title', m.titleTooLong],
      [{ title: 'Hello there', message: 'too short' }, 'message', m.messageTooShort],
      [{ message: longMessage }, 'title', m.titleTooShort],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('POST', '/api/v1/tickets', member.cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
    }
  });

  it('opens a ticket with its first message', async () => {
    const res = await call('POST', '/api/v1/tickets', member.cookie, {
      title: '  Download broken  ',
      message: longMessage,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      title: 'Download broken',
      status: 'open',
      messageCount: 1,
      user: { id: member.id, username: member.username },
    });
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0]).toMatchObject({ message: longMessage, isStaffReply: false });
    expect((await readTicket(body.id))?.userId).toBe(member.id);
  });
});

describe('GET /api/v1/tickets and /tickets/:id', () => {
  it('lists only my tickets, latest activity first', async () => {
    const mine = await buildSignedInUser(t);
    const older = await buildTicket(t, { userId: mine.id, updatedAt: new Date('2026-01-01T00:00:00Z') });
    const newer = await buildTicket(t, { userId: mine.id });
    await buildTicket(t, { userId: other.id });
    expect((await call('GET', '/api/v1/tickets')).statusCode).toBe(401);
    const res = await call('GET', '/api/v1/tickets', mine.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { id: string }) => i.id)).toEqual([newer.id, older.id]);
    expect(res.json().items[0].messageCount).toBe(1);
  });

  it('shows a ticket to its owner and staff, and a 404 to another member or for an unknown id', async () => {
    const ticket = await buildTicket(t, { userId: member.id });
    for (const who of [member, moderator, admin]) {
      expect((await call('GET', `/api/v1/tickets/${ticket.id}`, who.cookie)).statusCode).toBe(200);
    }
    for (const url of [`/api/v1/tickets/${ticket.id}`, `/api/v1/tickets/${randomUUID()}`]) {
      const res = await call('GET', url, other.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(m.notFound);
    }
    expect((await call('GET', `/api/v1/tickets/${ticket.id}`)).statusCode).toBe(401);
    expect((await call('GET', '/api/v1/tickets/not-a-uuid', member.cookie)).statusCode).toBe(400);
  });

  it('reads a ticket in a constant number of statements whatever its length', async () => {
    const ticket = await buildTicket(t, { userId: member.id });
    const one = await countStatements(t.database, () =>
      call('GET', `/api/v1/tickets/${ticket.id}`, member.cookie),
    );
    for (let i = 0; i < 5; i++) {
      await t.db
        .insert(ticketMessages)
        .values({ ticketId: ticket.id, userId: member.id, message: `more ${i}` });
    }
    const six = await countStatements(t.database, () =>
      call('GET', `/api/v1/tickets/${ticket.id}`, member.cookie),
    );
    expect(six.result.json().messages).toHaveLength(6);
    expect(six.statements.length).toBe(one.statements.length);
  });
});

describe('POST /api/v1/tickets/:id/messages', () => {
  it('refuses signed out, strangers, blank messages and closed tickets', async () => {
    const ticket = await buildTicket(t, { userId: member.id });
    const url = `/api/v1/tickets/${ticket.id}/messages`;
    expect((await call('POST', url, undefined, { message: 'hi' })).statusCode).toBe(401);
    const stranger = await call('POST', url, other.cookie, { message: 'hi' });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.message).toBe(m.notFound);
    const blank = await call('POST', url, member.cookie, { message: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields.message).toBe(m.messageRequired);
    expect(
      (await call('POST', `/api/v1/tickets/${randomUUID()}/messages`, admin.cookie, { message: 'x' }))
        .statusCode,
    ).toBe(404);

    const closed = await buildTicket(t, { userId: member.id, status: 'closed', closedAt: new Date() });
    for (const who of [member, admin]) {
      const res = await call('POST', `/api/v1/tickets/${closed.id}/messages`, who.cookie, {
        message: 'again',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(m.closed);
    }
    expect(
      await t.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, closed.id)),
    ).toHaveLength(1);
  });

  it('a staff reply to an open ticket moves it to in_progress and notifies the owner; the reply notifies that staff member', async () => {
    const ticket = await buildTicket(t, { userId: member.id });
    const res = await call('POST', `/api/v1/tickets/${ticket.id}/messages`, moderator.cookie, {
      message: 'We are looking into it.',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().status).toBe('in_progress');
    expect(res.json().messages[1]).toMatchObject({
      isStaffReply: true,
      author: { id: moderator.id, role: 'moderator' },
    });
    expect((await readTicket(ticket.id))?.status).toBe('in_progress');
    const toOwner = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, member.id), eq(notifications.type, 'ticket_reply')));
    expect(toOwner.some((n) => (n.data as { ticketId?: string }).ticketId === ticket.id)).toBe(true);

    const back = await call('POST', `/api/v1/tickets/${ticket.id}/messages`, member.cookie, {
      message: 'Thanks!',
    });
    expect(back.statusCode).toBe(201);
    expect(back.json().messages[2].isStaffReply).toBe(false);
    const toStaff = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, moderator.id), eq(notifications.type, 'ticket_reply')));
    expect(toStaff.some((n) => (n.data as { ticketId?: string }).ticketId === ticket.id)).toBe(true);
  });
});

describe('PATCH /api/v1/tickets/:id', () => {
  it('is staff only, with the spec message', async () => {
    const ticket = await buildTicket(t, { userId: member.id });
    expect(
      (await call('PATCH', `/api/v1/tickets/${ticket.id}`, undefined, { status: 'closed' })).statusCode,
    ).toBe(401);
    const own = await call('PATCH', `/api/v1/tickets/${ticket.id}`, member.cookie, { status: 'closed' });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(m.onlyStaffStatus);
    expect((await readTicket(ticket.id))?.status).toBe('open');
    expect(
      (await call('PATCH', `/api/v1/tickets/${ticket.id}`, admin.cookie, { status: 'done' })).statusCode,
    ).toBe(400);
    expect(
      (await call('PATCH', `/api/v1/tickets/${randomUUID()}`, admin.cookie, { status: 'closed' })).statusCode,
    ).toBe(404);
  });

  it('closing records closed_at and is audited; reopening clears it', async () => {
    const ticket = await buildTicket(t, { userId: member.id });
    const res = await call('PATCH', `/api/v1/tickets/${ticket.id}`, moderator.cookie, { status: 'closed' });
    expect(res.statusCode, res.body).toBe(200);
    const closed = await readTicket(ticket.id);
    expect(closed?.status).toBe('closed');
    expect(closed?.closedAt).toBeInstanceOf(Date);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, ticket.id));
    expect(entry).toMatchObject({
      action: 'ticket.status',
      actorId: moderator.id,
      before: { status: 'open' },
      after: { status: 'closed' },
    });
    await call('PATCH', `/api/v1/tickets/${ticket.id}`, admin.cookie, { status: 'open' });
    expect((await readTicket(ticket.id))?.closedAt).toBeNull();
  });
});

describe('GET /api/v1/admin/tickets', () => {
  it('is staff only', async () => {
    expect((await call('GET', '/api/v1/admin/tickets')).statusCode).toBe(401);
    const res = await call('GET', '/api/v1/admin/tickets', member.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(messages.forbidden);
    expect((await call('GET', '/api/v1/admin/tickets?status=nope', admin.cookie)).statusCode).toBe(400);
  });

  it('defaults to open, filters by status, searches title or username, pages by keyset in one statement', async () => {
    const who = await buildUser(t, { username: `tk_${randomUUID().slice(0, 6)}` });
    const tag = randomUUID().slice(0, 8);
    const open = await buildTicket(t, { userId: who.id, title: `Refund ${tag}` });
    const progress = await buildTicket(t, { userId: who.id, title: `Crash ${tag}`, status: 'in_progress' });
    const ids = async (qs: string) =>
      (await call('GET', `/api/v1/admin/tickets?${qs}`, moderator.cookie))
        .json()
        .items.map((i: { id: string }) => i.id);
    expect(await ids(`q=${tag}`)).toEqual([open.id]);
    expect(await ids(`q=${tag}&status=in_progress`)).toEqual([progress.id]);
    expect(await ids(`q=${tag}&status=all`)).toEqual([progress.id, open.id]);
    expect(await ids(`q=${who.username}&status=all`)).toEqual([progress.id, open.id]);

    for (let i = 0; i < 22; i++) await buildTicket(t, { userId: who.id, title: `Bulk ${tag} ${i}` });
    const seen: string[] = [];
    const counts = new Set<number>();
    let cursor: string | null = null;
    do {
      const url: string = `/api/v1/admin/tickets?q=${tag}&status=all${cursor ? `&cursor=${cursor}` : ''}`;
      const counted = await countStatements(t.database, () => call('GET', url, admin.cookie));
      counts.add(counted.statements.length);
      const body = counted.result.json();
      seen.push(...body.items.map((i: { id: string }) => i.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(24);
    expect(new Set(seen).size).toBe(24);
    expect(counts.size).toBe(1);
  });
});

describe('permission matrix (spec §6)', () => {
  it('visitor, member, moderator, admin and a banned member on the ticket and audit endpoints', async () => {
    const banned = await buildSignedInUser(t);
    const ticketOfBanned = await buildTicket(t, { userId: banned.id });
    await call('PATCH', `/api/v1/admin/users/${banned.id}`, admin.cookie, { banned: true });
    const ticket = await buildTicket(t, { userId: member.id });
    const matrix: [string, 'GET' | 'POST' | 'PATCH', string, object | undefined, Record<string, number>][] = [
      [
        'my tickets',
        'GET',
        '/api/v1/tickets',
        undefined,
        { visitor: 401, member: 200, moderator: 200, admin: 200, banned: 401 },
      ],
      [
        'a member ticket',
        'GET',
        `/api/v1/tickets/${ticket.id}`,
        undefined,
        { visitor: 401, member: 404, moderator: 200, admin: 200, banned: 401 },
      ],
      [
        'banned member ticket',
        'GET',
        `/api/v1/tickets/${ticketOfBanned.id}`,
        undefined,
        { visitor: 401, member: 404, moderator: 200, admin: 200, banned: 401 },
      ],
      [
        'admin tickets',
        'GET',
        '/api/v1/admin/tickets',
        undefined,
        { visitor: 401, member: 403, moderator: 200, admin: 200, banned: 401 },
      ],
      [
        'ticket status',
        'PATCH',
        `/api/v1/tickets/${ticket.id}`,
        { status: 'in_progress' },
        { visitor: 401, member: 403, moderator: 200, admin: 200, banned: 401 },
      ],
      [
        'audit log',
        'GET',
        '/api/v1/admin/audit-log',
        undefined,
        { visitor: 401, member: 403, moderator: 200, admin: 200, banned: 401 },
      ],
      [
        'create ticket',
        'POST',
        '/api/v1/tickets',
        { title: 'Matrix test', message: longMessage },
        { visitor: 401, member: 201, moderator: 201, admin: 201, banned: 401 },
      ],
    ];
    const cookies: Record<string, string | undefined> = {
      visitor: undefined,
      member: other.cookie,
      moderator: moderator.cookie,
      admin: admin.cookie,
      banned: banned.cookie,
    };
    for (const [name, method, url, payload, expected] of matrix) {
      for (const [who, status] of Object.entries(expected)) {
        const res = await call(method, url, cookies[who], payload);
        expect(res.statusCode, `${name} as ${who}: ${res.body}`).toBe(status);
      }
    }
  });
});
