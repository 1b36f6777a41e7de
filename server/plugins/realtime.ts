import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { REALTIME_PATH } from '../../contract/realtime.ts';
import type { Database } from '../db/client.ts';
import { type FanOutEvent, REALTIME_CHANNEL, type RealtimeEvent } from '../modules/realtime/bus.ts';
import {
  CLOSE_GOING_AWAY,
  CLOSE_SIGNED_OUT,
  createHub,
  frame,
  type SocketState,
} from '../modules/realtime/hub.ts';
import {
  listedOnly,
  memoryPresence,
  PRESENCE_SIGNAL_ROOM,
  type Presence,
  type PresenceUser,
  sharedPresence,
} from '../modules/realtime/presence.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the member has a socket open on any instance (mail waits while they are on the site). */
    isOnline(userId: string): Promise<boolean>;
  }
}

type SocketUser = PresenceUser & { sessionId?: string };

/** Room of the home page's left column (spec §4: presence channel 'online-users'). */
export const PRESENCE_ROOM = 'online-users';
export const SITE_ROOM = 'site';
export const userRoom = (id: string) => `user:${id}`;
const sessionRoom = (id: string) => `session:${id}`;

/** Client frames are `["presence:join"]` and the like: a few bytes. Larger ones close the socket (1009). */
const MAX_CLIENT_FRAME_BYTES = 1024;
/** Frames a client may send between two heartbeats before it is closed (1008). */
const MAX_CLIENT_FRAMES_PER_BEAT = 60;

/**
 * Plain WebSocket (`ws`) on the app's own HTTP server at {@link REALTIME_PATH} (decision 064). The upgrade
 * must come from one of our origins (403 otherwise) and is authenticated from the session cookie (the same
 * better-auth lookup as HTTP requests; a banned member comes in as a visitor). Members join `user:<id>` and
 * `session:<id>`; everyone joins `site`. Events come from pg_notify (services publish inside their
 * transaction, PostgreSQL delivers after commit), so they reach the sockets of every app instance. Presence is
 * in memory on PGlite and shared through PostgreSQL tables across instances (decision 010).
 */
export const realtimePlugin = fp(
  async (
    app: FastifyInstance,
    opts: { database: Database; trustedOrigins: string[]; heartbeatMs: number },
  ) => {
    const trusted = new Set(opts.trustedOrigins);
    const wss = new WebSocketServer({
      noServer: true,
      clientTracking: false,
      perMessageDeflate: false,
      maxPayload: MAX_CLIENT_FRAME_BYTES,
    });

    /** Sockets of signed-in members on this instance, per member id (presence is de-duplicated by member). */
    const perMember = new Map<string, number>();
    const hub = createHub<SocketUser>({
      heartbeatMs: opts.heartbeatMs,
      maxFramesPerBeat: MAX_CLIENT_FRAMES_PER_BEAT,
      onClose: ({ user }) => {
        if (!user) return;
        const count = (perMember.get(user.id) ?? 1) - 1;
        if (count > 0) perMember.set(user.id, count);
        else {
          perMember.delete(user.id);
          presence.leave(user.id);
        }
      },
    });

    // The list goes to this instance's watchers only: every instance sends it to its own.
    // Members only (issue 36: an anonymous socket received every online member's id and name), and never
    // one who chose not to be shown.
    const listed = async () => listedOnly(opts.database.db, await presence.snapshot());
    const broadcastPresence = () => {
      if (hub.roomSize(PRESENCE_ROOM) === 0) return;
      listed().then(
        (snapshot) => hub.emit(PRESENCE_ROOM, 'presence', snapshot),
        (err: unknown) => app.log.warn({ err }, 'presence read failed'),
      );
    };
    const presence: Presence =
      opts.database.kind === 'postgres'
        ? await sharedPresence(opts.database.db, {
            onChange: broadcastPresence,
            onError: (err) => app.log.warn({ err }, 'presence write failed'),
          })
        : memoryPresence(broadcastPresence);
    app.decorate('isOnline', async (userId: string) =>
      (await presence.snapshot()).users.some((u) => u.id === userId),
    );

    /** A client frame: `["presence:join"]` or `["presence:leave"]`; anything else is ignored. */
    const onFrame = (ws: WebSocket, state: SocketState<SocketUser>, data: RawData, isBinary: boolean) => {
      if (!hub.allowFrame(ws, state) || isBinary || !state.user) return;
      let message: unknown;
      try {
        message = JSON.parse(data.toString());
      } catch {
        return;
      }
      if (!Array.isArray(message)) return;
      if (message[0] === 'presence:join') {
        hub.join(ws, PRESENCE_ROOM);
        listed().then(
          (snapshot) => hub.send(ws, frame('presence', snapshot)),
          (err: unknown) => app.log.warn({ err }, 'presence read failed'),
        );
      } else if (message[0] === 'presence:leave') hub.leave(ws, PRESENCE_ROOM);
    };

    // One listener for every socket (`this` is the socket), not a closure per socket (issue 38's memory).
    function onMessage(this: WebSocket, data: RawData, isBinary: boolean) {
      const state = hub.stateOf(this);
      if (state) onFrame(this, state, data, isBinary);
    }
    const accept = (ws: WebSocket, user: SocketUser | null) => {
      hub.add(ws, user);
      ws.on('error', ignore); // a broken connection ends in 'close', which cleans up
      ws.on('message', onMessage);
      hub.join(ws, SITE_ROOM);
      if (!user) return;
      hub.join(ws, userRoom(user.id));
      // The session's room: when its row is deleted (migration 0023) its sockets close on every instance.
      if (user.sessionId) hub.join(ws, sessionRoom(user.sessionId));
      const count = perMember.get(user.id) ?? 0;
      perMember.set(user.id, count + 1);
      if (count === 0) presence.arrive(user);
    };

    let closing = false;
    const refuse = (socket: Duplex, status: string) => {
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      socket.on('error', destroyOnError);
      if (new URL(req.url ?? '/', 'http://x').pathname !== REALTIME_PATH)
        return refuse(socket, '404 Not Found');
      // WebSocket handshakes always carry Origin: a foreign page cannot ride the cookie.
      const origin = req.headers.origin;
      if (closing) return refuse(socket, '503 Service Unavailable');
      if (origin === undefined || !trusted.has(origin)) return refuse(socket, '403 Forbidden');
      lookupUser(app, req).then(
        (user) => {
          if (closing) return refuse(socket, '503 Service Unavailable');
          wss.handleUpgrade(req, socket, head, (ws) => accept(ws, user));
        },
        (err: unknown) => {
          app.log.warn({ err }, 'socket session lookup failed');
          refuse(socket, '503 Service Unavailable');
        },
      );
    };
    app.server.on('upgrade', onUpgrade);

    const registers = [app.metrics.registry];
    new Gauge({
      name: 'cm_realtime_sockets_connected',
      help: 'WebSocket connections open on this instance',
      registers,
      collect() {
        this.set(hub.size);
      },
    });
    new Gauge({
      name: 'cm_realtime_members_online',
      help: 'Signed-in members online on the site (every instance, as the home page shows them)',
      registers,
      async collect() {
        this.set((await presence.snapshot()).count);
      },
    });
    const delivered = new Counter({
      name: 'cm_realtime_events_delivered_total',
      help: 'pg_notify events this instance received and handed to its sockets',
      registers,
    });

    const deliver = (raw: string) => {
      delivered.inc();
      let event: RealtimeEvent | FanOutEvent;
      try {
        event = JSON.parse(raw) as RealtimeEvent | FanOutEvent;
      } catch {
        return;
      }
      if (typeof event.event !== 'string') return;
      // Many members at once (one statement's rows): `{ id }` to each member's room.
      if ('fanOut' in event) {
        if (!Array.isArray(event.fanOut)) return;
        for (const [userId, id] of event.fanOut) hub.emit(userRoom(userId), event.event, { id } as never);
        return;
      }
      if (typeof event.room !== 'string') return;
      if (event.room === PRESENCE_SIGNAL_ROOM) return presence.signal();
      hub.emit(event.room, event.event, event.payload as never);
      // A ban signs the member out at once: their sockets are closed after hearing why.
      if (
        (event.event === 'profile' && event.payload?.banned === true) ||
        (event.event === 'session-ended' && event.room.startsWith('session:'))
      ) {
        hub.closeRoom(event.room, CLOSE_SIGNED_OUT);
      }
    };
    const stopListening = await opts.database.listen(REALTIME_CHANNEL, deliver);

    app.addHook('preClose', async () => {
      closing = true;
      await stopListening();
      await presence.close();
      hub.closeAll(CLOSE_GOING_AWAY);
    });
    app.addHook('onClose', async () => {
      app.server.off('upgrade', onUpgrade);
      hub.terminateAll();
    });
  },
  { name: 'realtime', dependencies: ['metrics'] },
);

/**
 * A socket's error listener for the time before `ws` takes it over. Not a closure in `onUpgrade`: V8 keeps one
 * context for that function's closures, so a listener written there held the upgrade request (headers, raw
 * headers) and its `head` buffer for the socket's whole life, ws's own listener being added beside it.
 */
function destroyOnError(this: Duplex) {
  this.destroy();
}
function ignore() {}

async function lookupUser(app: FastifyInstance, req: IncomingMessage): Promise<SocketUser | null> {
  const viewer = await app.sessionViewer(req.headers);
  return (
    viewer && {
      id: viewer.id,
      username: viewer.username,
      avatarUrl: viewer.avatarUrl,
      sessionId: viewer.sessionId,
    }
  );
}
