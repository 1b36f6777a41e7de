import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import { Server, type Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../contract/realtime.ts';
import type { Database } from '../db/client.ts';
import { type FanOutEvent, REALTIME_CHANNEL, type RealtimeEvent } from '../modules/realtime/bus.ts';
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
    io: Server;
    /** Whether the member has a socket open on any instance (mail waits while they are on the site). */
    isOnline(userId: string): Promise<boolean>;
  }
}

type SocketUser = PresenceUser & { sessionId?: string };

interface SocketData {
  user: SocketUser | null;
}

/** Room of the home page's left column (spec §4: presence channel 'online-users'). */
export const PRESENCE_ROOM = 'online-users';
export const SITE_ROOM = 'site';
export const userRoom = (id: string) => `user:${id}`;
const sessionRoom = (id: string) => `session:${id}`;

/**
 * socket.io on the app's own HTTP server. The handshake is authenticated from the session cookie (the same
 * better-auth lookup as HTTP requests; banned members are refused) and must come from one of our origins.
 * Members join `user:<id>`; everyone joins `site`. Events come from pg_notify (services publish inside their
 * transaction, PostgreSQL delivers after commit), so they reach the sockets of every app instance. Presence is
 * in memory on PGlite and shared through PostgreSQL tables across instances (decision 010).
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance, opts: { database: Database; trustedOrigins: string[] }) => {
    const trusted = new Set(opts.trustedOrigins);
    const io = new Server<ClientToServerEvents, ServerToClientEvents>(app.server, {
      path: '/socket.io',
      // WebSocket only: its handshake always carries Origin, so a foreign page cannot ride the cookie.
      transports: ['websocket'],
      serveClient: false,
      pingInterval: 25_000,
      pingTimeout: 20_000,
      allowRequest: (req, callback) => {
        const origin = req.headers.origin;
        callback(null, origin !== undefined && trusted.has(origin));
      },
    });
    app.decorate('io', io);

    /** Sockets of signed-in members on this instance, per member id (presence is de-duplicated by member). */
    const sockets = new Map<string, number>();
    // The list goes to this instance's watchers only: every instance sends it to its own.
    // Members only (issue 36: an anonymous socket received every online member's id and name), and never
    // one who chose not to be shown.
    const listed = async () => listedOnly(opts.database.db, await presence.snapshot());
    const broadcastPresence = () => {
      if ((io.sockets.adapter.rooms.get(PRESENCE_ROOM)?.size ?? 0) === 0) return;
      listed().then(
        (snapshot) => io.to(PRESENCE_ROOM).emit('presence', snapshot),
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

    io.use(async (socket, next) => {
      try {
        (socket.data as SocketData).user = await lookupUser(app, socket);
        next();
      } catch {
        next(new Error('unavailable'));
      }
    });

    io.on('connection', (socket) => {
      const user = (socket.data as SocketData).user;
      void socket.join(SITE_ROOM);
      if (user) {
        void socket.join(userRoom(user.id));
        // The session's room: when its row is deleted (migration 0023) its sockets close on every instance.
        if (user.sessionId) void socket.join(sessionRoom(user.sessionId));
        const count = sockets.get(user.id) ?? 0;
        sockets.set(user.id, count + 1);
        if (count === 0) presence.arrive(user);
      }
      socket.on('presence:join', () => {
        if (!user) return;
        void socket.join(PRESENCE_ROOM);
        listed().then(
          (snapshot) => socket.emit('presence', snapshot),
          (err: unknown) => app.log.warn({ err }, 'presence read failed'),
        );
      });
      socket.on('presence:leave', () => void socket.leave(PRESENCE_ROOM));
      socket.on('disconnect', () => {
        if (!user) return;
        const count = (sockets.get(user.id) ?? 1) - 1;
        if (count > 0) sockets.set(user.id, count);
        else {
          sockets.delete(user.id);
          presence.leave(user.id);
        }
      });
    });

    const registers = [app.metrics.registry];
    new Gauge({
      name: 'cm_realtime_sockets_connected',
      help: 'socket.io connections open on this instance',
      registers,
      collect() {
        this.set(io.engine.clientsCount);
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
        for (const [userId, id] of event.fanOut) io.to(userRoom(userId)).emit(event.event, { id });
        return;
      }
      if (typeof event.room !== 'string') return;
      if (event.room === PRESENCE_SIGNAL_ROOM) return presence.signal();
      // biome-ignore lint/suspicious/noExplicitAny: the union's event and payload were checked when queued
      io.to(event.room).emit(event.event, event.payload as any);
      // A ban signs the member out at once: their sockets are closed after hearing why.
      if (
        (event.event === 'profile' && event.payload?.banned === true) ||
        (event.event === 'session-ended' && event.room.startsWith('session:'))
      ) {
        io.in(event.room).disconnectSockets(true);
      }
    };
    const stopListening = await opts.database.listen(REALTIME_CHANNEL, deliver);

    app.addHook('preClose', async () => {
      await stopListening();
      await presence.close();
      // Not io.close(): that would close the HTTP server, which Fastify closes itself.
      io.disconnectSockets(true);
      io.engine.close();
    });
  },
  { name: 'realtime', dependencies: ['metrics'] },
);

async function lookupUser(app: FastifyInstance, socket: Socket): Promise<SocketUser | null> {
  const viewer = await app.sessionViewer(socket.handshake.headers);
  return (
    viewer && {
      id: viewer.id,
      username: viewer.username,
      avatarUrl: viewer.avatarUrl,
      sessionId: viewer.sessionId,
    }
  );
}
