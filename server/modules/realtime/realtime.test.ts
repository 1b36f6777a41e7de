import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser } from '../../test/factories.ts';
import { collect, connected, drained, next, socketClients } from '../../test/sockets.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { publishAfterCommit, REALTIME_CHANNEL } from './bus.ts';
import { PRESENCE_SIGNAL_ROOM } from './presence.ts';

type Member = Awaited<ReturnType<typeof buildSignedInUser>>;
let t: TestApp;
let url: string;
const origin = 'http://localhost:3000';
let clients: ReturnType<typeof socketClients>;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  clients = socketClients(url, origin);
});
afterAll(async () => {
  clients.closeAll();
  await t.close();
});

const open = (cookie?: string, headerOrigin?: string) => clients.open(cookie, headerOrigin);
const notify = (channel: string, payload: string) =>
  t.db.execute(sql`select pg_notify(${channel}, ${payload})`);
const send = (from: Member, to: Member, message: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/messages',
    headers: { cookie: from.cookie },
    payload: { recipientId: to.id, message },
  });

describe('handshake', () => {
  it('refuses a foreign Origin and a missing one', async () => {
    await expect(connected(open(undefined, 'https://evil.example'))).rejects.toThrow();
    await expect(connected(clients.open(undefined, null))).rejects.toThrow();
  });

  it('lets a visitor in (site room only) and a member with the session cookie', async () => {
    await connected(open());
    const alice = await buildSignedInUser(t);
    await connected(open(alice.cookie));
  });
});

describe('delivery', () => {
  it('a new message reaches the recipient (message + notification) and the sender’s tabs, nobody else', async () => {
    const [alice, bob, carol] = [
      await buildSignedInUser(t),
      await buildSignedInUser(t),
      await buildSignedInUser(t),
    ];
    const bobSocket = open(bob.cookie);
    const aliceTab = open(alice.cookie);
    const carolSocket = open(carol.cookie);
    const visitor = open();
    await Promise.all([bobSocket, aliceTab, carolSocket, visitor].map(connected));
    const leaks = [...collect(carolSocket, 'message'), ...collect(visitor, 'message')];
    const carolNotes = collect(carolSocket, 'notification');
    const bobMessage = next<{ senderId: string }>(bobSocket, 'message');
    const bobNote = next<{ id: string }>(bobSocket, 'notification');
    const aliceEcho = next<{ recipientId: string }>(aliceTab, 'message');
    expect((await send(alice, bob, 'hello')).statusCode).toBe(201);
    expect((await bobMessage).senderId).toBe(alice.id);
    expect((await bobNote).id).toEqual(expect.any(String));
    expect((await aliceEcho).recipientId).toBe(bob.id);
    await drained(notify, [
      [carolSocket, `user:${carol.id}`],
      [visitor, 'site'],
    ]);
    expect(leaks).toEqual([]);
    expect(carolNotes).toEqual([]);
  });

  it('publishes only after commit: a rolled-back transaction sends nothing', async () => {
    const dan = await buildSignedInUser(t);
    const s = open(dan.cookie);
    await connected(s);
    const seen = collect(s, 'notification');
    await t.db
      .transaction(async (tx) => {
        await publishAfterCommit(tx, { room: `user:${dan.id}`, event: 'notification', payload: { id: 'x' } });
        throw new Error('rollback');
      })
      .catch(() => {});
    await drained(notify, [[s, `user:${dan.id}`]]);
    expect(seen).toEqual([]);
  });

  it('site events reach everyone; a ban event disconnects the member’s sockets', async () => {
    const eve = await buildSignedInUser(t);
    const s = open(eve.cookie);
    const visitor = open();
    await Promise.all([connected(s), connected(visitor)]);
    const siteSeen = next(visitor, 'site-settings');
    await publishAfterCommit(t.db, { room: 'site', event: 'site-settings', payload: { key: 'site_theme' } });
    expect(await siteSeen).toEqual({ key: 'site_theme' });
    const gone = next(s, 'disconnect');
    await publishAfterCommit(t.db, {
      room: `user:${eve.id}`,
      event: 'profile',
      payload: { banned: true, role: 'user' },
    });
    await gone;
    expect(s.connected).toBe(false);
  });
});

describe('fan-out and internal events', () => {
  it('a fan-out event gives each named member their own id, once per socket, and nobody else anything', async () => {
    const [kim, lea, max] = [
      await buildSignedInUser(t),
      await buildSignedInUser(t),
      await buildSignedInUser(t),
    ];
    const tabs = [open(kim.cookie), open(kim.cookie), open(lea.cookie), open(max.cookie), open()];
    await Promise.all(tabs.map(connected));
    const seen = tabs.map((s) => collect(s, 'notification'));
    const fanOut = [
      [kim.id, 'n-kim'],
      [lea.id, 'n-lea'],
    ];
    await t.db.execute(
      sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify({ event: 'notification', fanOut })})`,
    );
    // The internal presence signal is for the instances, never emitted to a socket.
    const signal = { room: PRESENCE_SIGNAL_ROOM, event: 'notification', payload: { id: 'internal' } };
    await t.db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(signal)})`);
    await drained(notify, [
      [tabs[0]!, `user:${kim.id}`],
      [tabs[1]!, `user:${kim.id}`],
      [tabs[2]!, `user:${lea.id}`],
      [tabs[3]!, `user:${max.id}`],
      [tabs[4]!, 'site'],
    ]);
    expect(seen).toEqual([[{ id: 'n-kim' }], [{ id: 'n-kim' }], [{ id: 'n-lea' }], [], []]);
  });
});

describe('presence', () => {
  it('lists signed-in members once each however many tabs, with a count, live', async () => {
    const [fay, gus, eve] = [
      await buildSignedInUser(t),
      await buildSignedInUser(t),
      await buildSignedInUser(t),
    ];
    const watcher = open(eve.cookie);
    await connected(watcher);
    watcher.emit('presence:join');
    await next(watcher, 'presence');
    const fay1 = open(fay.cookie);
    const fay2 = open(fay.cookie);
    const gus1 = open(gus.cookie);
    await Promise.all([fay1, fay2, gus1].map(connected));
    type Snapshot = { count: number; users: { id: string }[] };
    const ids = (s: Snapshot) => s.users.map((u) => u.id);
    let snap = await next<Snapshot>(watcher, 'presence');
    while (!ids(snap).includes(gus.id) || !ids(snap).includes(fay.id))
      snap = await next<Snapshot>(watcher, 'presence');
    expect(ids(snap).filter((id) => id === fay.id)).toHaveLength(1);
    expect(snap.count).toBe(snap.users.length);
    gus1.disconnect();
    // A snapshot sent before the disconnect may still be on its way (it lists both): the next one without
    // gus must come (each wait is bounded), and fay, with a tab still open, stays in it.
    do snap = await next<Snapshot>(watcher, 'presence');
    while (ids(snap).includes(gus.id));
    expect(ids(snap)).toContain(fay.id);
    expect(snap.count).toBe(snap.users.length);
  });
});

describe('presence is for members only, without those who hide (issue 36)', () => {
  type Snapshot = { count: number; users: { id: string; username: string }[] };
  const ids = (s: Snapshot) => s.users.map((u) => u.id);
  /** The next snapshot on `s` that satisfies `check` (each wait bounded). */
  const snapshotWhere = async (s: ReturnType<typeof open>, check: (snap: Snapshot) => boolean) => {
    let snap = await next<Snapshot>(s, 'presence');
    while (!check(snap)) snap = await next<Snapshot>(s, 'presence');
    return snap;
  };
  const saveSettings = (member: Member, showOnline: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/settings',
      headers: { cookie: member.cookie },
      payload: { emailNotifications: true, marketplaceUpdates: true, securityAlerts: true, showOnline },
    });

  it('an anonymous socket that asks for the list gets nothing, while members get it', async () => {
    const [ida, jon] = [await buildSignedInUser(t), await buildSignedInUser(t)];
    const visitor = open();
    const watcher = open(ida.cookie);
    await Promise.all([connected(visitor), connected(watcher)]);
    const seenByVisitor = collect<Snapshot>(visitor, 'presence');
    visitor.emit('presence:join');
    watcher.emit('presence:join');
    await snapshotWhere(watcher, (snap) => ids(snap).includes(ida.id));
    const jon1 = open(jon.cookie);
    await connected(jon1);
    await snapshotWhere(watcher, (snap) => ids(snap).includes(jon.id));
    // Anything sent to the visitor before the sentinel would have arrived first.
    await drained(notify, [[visitor, 'site']]);
    expect(seenByVisitor).toEqual([]);
  });

  it('a member who hides is listed to nobody (themselves included) and is still online; showing lists them again', async () => {
    const [kai, liv] = [await buildSignedInUser(t), await buildSignedInUser(t)];
    const kaiSocket = open(kai.cookie);
    const watcher = open(liv.cookie);
    await Promise.all([connected(kaiSocket), connected(watcher)]);
    watcher.emit('presence:join');
    kaiSocket.emit('presence:join');
    await snapshotWhere(watcher, (snap) => ids(snap).includes(kai.id));

    const hidden = await saveSettings(kai, false);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().showOnline).toBe(false);
    const without = await snapshotWhere(watcher, (snap) => !ids(snap).includes(kai.id));
    expect(ids(without)).toContain(liv.id);
    expect(without.count).toBe(without.users.length);
    await snapshotWhere(kaiSocket, (snap) => !ids(snap).includes(kai.id));
    // Still on the site: the mail worker holds their mail as before.
    expect(await t.app.isOnline(kai.id)).toBe(true);
    // A new member's socket asking now does not see them either.
    const late = open((await buildSignedInUser(t)).cookie);
    await connected(late);
    late.emit('presence:join');
    const first = await snapshotWhere(late, (snap) => ids(snap).includes(liv.id));
    expect(ids(first)).not.toContain(kai.id);
    expect(JSON.stringify(first)).not.toContain(kai.username);

    expect((await saveSettings(kai, true)).json().showOnline).toBe(true);
    await snapshotWhere(watcher, (snap) => ids(snap).includes(kai.id));
  });
});

describe('profile changes', () => {
  it('a role change reaches only that member; a ban by staff disconnects their sockets', async () => {
    const admin = await buildSignedInUser(t, { role: 'admin' });
    const [hal, ivy] = [await buildSignedInUser(t), await buildSignedInUser(t)];
    const halSocket = open(hal.cookie);
    const ivySocket = open(ivy.cookie);
    await Promise.all([connected(halSocket), connected(ivySocket)]);
    const ivySeen = collect(ivySocket, 'profile');
    const patch = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/users/${hal.id}`,
        headers: { cookie: admin.cookie, origin },
        payload,
      });
    const roleEvent = next<{ role: string; banned: boolean }>(halSocket, 'profile');
    expect((await patch({ role: 'moderator' })).statusCode).toBe(200);
    expect(await roleEvent).toEqual({ role: 'moderator', banned: false });
    const gone = next(halSocket, 'disconnect');
    expect((await patch({ banned: true })).statusCode).toBe(200);
    await gone;
    expect(halSocket.connected).toBe(false);
    expect(ivySocket.connected).toBe(true);
    await drained(notify, [[ivySocket, `user:${ivy.id}`]]);
    expect(ivySeen).toEqual([]);
    // And a banned member cannot come back in as themselves: the handshake treats them as a visitor.
    const again = open(hal.cookie);
    await connected(again);
    const seen = collect(again, 'message');
    const jo = await buildSignedInUser(t);
    await send(jo, { ...hal }, 'hello?');
    // Treated as a visitor, the socket is in the site room only.
    await drained(notify, [[again, 'site']]);
    expect(seen).toEqual([]);
  });
});
