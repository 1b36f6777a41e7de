import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser, DEFAULT_PASSWORD, signIn } from '../../test/factories.ts';
import { collect, connected, drained, next, socketClients } from '../../test/sockets.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/*
 * Issue 36, finding "A revoked session keeps its socket": after sign-out, sign-out-others, a password change
 * and "This wasn't me", the old socket still received every new message and notification and kept the member
 * online. Now a session's deletion closes its sockets on every instance (migration 0023).
 */

let t: TestApp;
let clients: ReturnType<typeof socketClients>;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  clients = socketClients(
    `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
    'http://localhost:3000',
  );
});
afterAll(async () => {
  clients.closeAll();
  await t.close();
});

const notify = (channel: string, payload: string) =>
  t.db.execute(sql`select pg_notify(${channel}, ${payload})`);
const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

describe('a session that ends closes its sockets', () => {
  it('signing out closes that session’s socket, not the member’s other sessions', async () => {
    const member = await buildSignedInUser(t);
    const otherCookie = await signIn(t, { email: member.email, password: DEFAULT_PASSWORD });
    const [mine, other] = [clients.open(member.cookie), clients.open(otherCookie)];
    await Promise.all([mine, other].map(connected));
    const ended = next(mine, 'session-ended');
    const gone = next(mine, 'disconnect');
    const otherEnded = collect(other, 'session-ended');
    expect((await post('/api/auth/sign-out', member.cookie)).statusCode).toBe(200);
    await ended;
    await gone;
    await drained(notify, [[other, `user:${member.id}`]]);
    expect(otherEnded).toEqual([]);
    expect(other.connected).toBe(true);
  });

  it('signing the other sessions out closes their sockets; the current one stays', async () => {
    const member = await buildSignedInUser(t);
    const stolen = await signIn(t, { email: member.email, password: DEFAULT_PASSWORD });
    const [mine, theirs] = [clients.open(member.cookie), clients.open(stolen)];
    await Promise.all([mine, theirs].map(connected));
    const gone = next(theirs, 'disconnect');
    const res = await post('/api/v1/me/sessions/revoke-others', member.cookie);
    expect(res.statusCode, res.body).toBe(200);
    await gone;
    await drained(notify, [[mine, `user:${member.id}`]]);
    expect(mine.connected).toBe(true);
  });

  it('changing the password (other sessions revoked) closes the other sessions’ sockets', async () => {
    const member = await buildSignedInUser(t);
    const stolen = await signIn(t, { email: member.email, password: DEFAULT_PASSWORD });
    const theirs = clients.open(stolen);
    await connected(theirs);
    const gone = next(theirs, 'disconnect');
    const res = await post('/api/auth/change-password', member.cookie, {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'another-long-password-1',
    });
    expect(res.statusCode, res.body).toBe(200);
    await gone;
  });
});
