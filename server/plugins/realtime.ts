import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import type { Role } from '../../contract/limits.ts';
import type { Database } from '../db/client.ts';
import { REALTIME_CHANNEL, type RealtimeEvent } from '../modules/realtime/bus.ts';
import { toWebHeaders } from './viewer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
  }
}

interface SocketUser {
  id: string;
  username: string;
  avatarUrl: string | null;
}

interface SocketData {
  user: SocketUser | null;
}

export interface PresenceSnapshot {
  count: number;
  users: SocketUser[];
}

/** Room of the home page's left column (spec §4: presence channel 'online-users'). */
export const PRESENCE_ROOM = 'online-users';
export const SITE_ROOM = 'site';
export const userRoom = (id: string) => `user:${id}`;

/**
 * socket.io on the app's own HTTP server. The handshake is authenticated from the session cookie (the same
 * better-auth lookup as HTTP requests; banned members are refused) and must come from one of our origins.
 * Members join `user:<id>`; everyone joins `site`. Events come from pg_notify (services publish inside their
 * transaction, PostgreSQL delivers after commit), so they reach the sockets of every app instance.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance, opts: { database: Database; trustedOrigins: string[] }) => {
    const trusted = new Set(opts.trustedOrigins);
    const io = new Server(app.server, {
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

    /** Sockets of signed-in members per member id (presence is de-duplicated by member). */
    const online = new Map<string, { user: SocketUser; sockets: number }>();
    const snapshot = (): PresenceSnapshot => {
      const users = [...online.values()]
        .map((o) => o.user)
        .sort((a, b) => a.username.localeCompare(b.username));
      return { count: users.length, users };
    };
    let presenceTimer: NodeJS.Timeout | null = null;
    // Bursts of joins and leaves become one broadcast (at most ~10 a second).
    const broadcastPresence = () => {
      presenceTimer ??= setTimeout(() => {
        presenceTimer = null;
        io.to(PRESENCE_ROOM).emit('presence', snapshot());
      }, 100);
    };

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
        const entry = online.get(user.id);
        if (entry) entry.sockets += 1;
        else {
          online.set(user.id, { user, sockets: 1 });
          broadcastPresence();
        }
      }
      socket.on('presence:join', () => {
        void socket.join(PRESENCE_ROOM);
        socket.emit('presence', snapshot());
      });
      socket.on('presence:leave', () => void socket.leave(PRESENCE_ROOM));
      socket.on('disconnect', () => {
        if (!user) return;
        const entry = online.get(user.id);
        if (!entry) return;
        entry.sockets -= 1;
        if (entry.sockets <= 0) {
          online.delete(user.id);
          broadcastPresence();
        }
      });
    });

    const deliver = (raw: string) => {
      let event: RealtimeEvent;
      try {
        event = JSON.parse(raw) as RealtimeEvent;
      } catch {
        return;
      }
      if (typeof event.room !== 'string' || typeof event.event !== 'string') return;
      io.to(event.room).emit(event.event, event.payload);
      // A ban signs the member out at once: their sockets are closed after hearing why.
      if (event.event === 'profile' && event.payload?.banned === true) {
        io.in(event.room).disconnectSockets(true);
      }
    };
    const stopListening = await opts.database.listen(REALTIME_CHANNEL, deliver);

    app.addHook('preClose', async () => {
      if (presenceTimer) clearTimeout(presenceTimer);
      await stopListening();
      // Not io.close(): that would close the HTTP server, which Fastify closes itself.
      io.disconnectSockets(true);
      io.engine.close();
    });
  },
  { name: 'realtime' },
);

async function lookupUser(app: FastifyInstance, socket: Socket): Promise<SocketUser | null> {
  const headers = toWebHeaders({ headers: socket.handshake.headers } as never);
  if (!headers.get('cookie')) return null;
  const result = await app.auth.api.getSession({ headers });
  if (!result) return null;
  const user = result.user as typeof result.user & { role: Role; banned: boolean };
  if (user.banned) return null;
  return { id: user.id, username: user.name, avatarUrl: user.image ?? null };
}
