import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser } from '../../test/factories.ts';
import { connected, drained, liveUrl, next, Socket, socketClients } from '../../test/sockets.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/*
 * The WebSocket itself (decision 064): who may open one, what a client may send, and the heartbeat. The app
 * pings every 150 ms here (REALTIME_HEARTBEAT_MS) so a silent socket is found in well under a second.
 */
const HEARTBEAT_MS = 150;
const origin = 'http://localhost:3000';
let t: TestApp;
let base: string;
let clients: ReturnType<typeof socketClients>;
const raw: Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp({ env: { REALTIME_HEARTBEAT_MS: String(HEARTBEAT_MS) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  clients = socketClients(base, origin);
});
afterAll(async () => {
  clients.closeAll();
  for (const s of raw) s.disconnect();
  await t.close();
});

const notify = (channel: string, payload: string) =>
  t.db.execute(sql`select pg_notify(${channel}, ${payload})`);
const refusal = (s: Socket) =>
  connected(s).then(
    () => 'accepted',
    (err: Error) => err.message,
  );

describe('the upgrade', () => {
  it('is refused with 403 for a foreign or missing Origin, 404 on another path', async () => {
    expect(await refusal(clients.open(undefined, 'https://evil.example'))).toBe('refused: 403');
    expect(await refusal(clients.open(undefined, null))).toBe('refused: 403');
    const elsewhere = new Socket(`${base.replace(/^http/, 'ws')}/socket.io/`, { origin });
    raw.push(elsewhere);
    expect(await refusal(elsewhere)).toBe('refused: 404');
    expect(await refusal(clients.open())).toBe('accepted');
    expect(liveUrl(base)).toMatch(/\/live$/);
  });
});

describe('client frames', () => {
  it('ignores malformed, binary and unknown frames and keeps serving the socket', async () => {
    const member = await buildSignedInUser(t);
    const s = await clients.openConnected(member.cookie);
    for (const junk of ['not json', '{"a":1}', '[]', '[42]', '["presence:nope"]', 'null', '"x"'])
      s.ws.send(junk);
    s.ws.send(Buffer.from([1, 2, 3]));
    // Still open and still in its rooms: a join answers with the list, and an event for the member arrives.
    // (The list itself may not have the member yet: on PostgreSQL presence is written in batches.)
    const snapshot = next<{ count: number; users: unknown[] }>(s, 'presence');
    s.emit('presence:join');
    expect(await snapshot).toEqual({ count: expect.any(Number), users: expect.any(Array) });
    await drained(notify, [[s, `user:${member.id}`]]);
    expect(s.connected).toBe(true);
  });

  it('closes a socket that sends a frame over 1 KiB (1009)', async () => {
    const s = await clients.openConnected((await buildSignedInUser(t)).cookie);
    const gone = next<number>(s, 'disconnect');
    s.ws.send(JSON.stringify(['presence:join', 'x'.repeat(2000)]));
    expect(await gone).toBe(1009);
  });

  it('closes a socket that sends more frames than allowed between two heartbeats (1008)', async () => {
    const s = await clients.openConnected((await buildSignedInUser(t)).cookie);
    const gone = next<number>(s, 'disconnect');
    for (let i = 0; i < 500; i++) s.ws.send('["presence:leave"]');
    expect(await gone).toBe(1008);
  });
});

describe('heartbeat', () => {
  it('keeps a socket that answers pings and terminates one that stops answering', async () => {
    const member = await buildSignedInUser(t);
    const answering = await clients.openConnected(member.cookie);
    const silent = new Socket(liveUrl(base), { origin, cookie: member.cookie }, { autoPong: false });
    raw.push(silent);
    await connected(silent);
    const pinged = new Promise<void>((resolve) => silent.ws.once('ping', () => resolve()));
    const gone = next<number>(silent, 'disconnect', 5000);
    await pinged;
    // Terminated, not closed: no close frame, so the client sees an abnormal closure.
    expect(await gone).toBe(1006);
    // The answering socket lived through the same beats and still receives its member's events.
    await drained(notify, [[answering, `user:${member.id}`]]);
    expect(answering.connected).toBe(true);
  });

  // The answering clients run in this process: a loop blocked past a beat (as a starved CI machine did) left
  // their pongs unread when the next sweep's timer fired, and the sweep terminated sockets that had answered.
  it('keeps a socket whose pong arrived while the event loop was blocked past a beat', async () => {
    const member = await buildSignedInUser(t);
    const answering = await clients.openConnected(member.cookie);
    await new Promise<void>((resolve) => answering.ws.once('ping', () => resolve()));
    const until = Date.now() + HEARTBEAT_MS * 3;
    while (Date.now() < until); // the pong waits on the server's socket while nothing runs
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 3));
    await drained(notify, [[answering, `user:${member.id}`]]);
    expect(answering.connected).toBe(true);
  });
});
