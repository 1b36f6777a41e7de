import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import WebSocket from 'ws';
import { type ClientEventName, REALTIME_PATH } from '../../contract/realtime.ts';
import { REALTIME_CHANNEL } from '../modules/realtime/bus.ts';

/**
 * A `ws` client speaking the site's frames (contract/realtime.ts), with the shape tests use: `connect` once
 * open, `connect_error` if refused, `disconnect` (with the close code) when it closes after opening, and each
 * server event `[event, payload]` as an event of its own.
 */
export class Socket extends EventEmitter {
  readonly ws: WebSocket;
  constructor(url: string, headers: Record<string, string>, options: { autoPong?: boolean } = {}) {
    super();
    this.ws = new WebSocket(url, { headers, perMessageDeflate: false, autoPong: options.autoPong ?? true });
    let opened = false;
    this.ws.on('open', () => {
      opened = true;
      this.emit('connect');
    });
    this.ws.on('error', (err) => {
      if (!opened) this.emit('connect_error', err);
    });
    this.ws.on('unexpected-response', (_req, res) => {
      this.emit('connect_error', new Error(`refused: ${res.statusCode}`));
      this.ws.terminate();
    });
    this.ws.on('close', (code) => {
      if (opened) this.emit('disconnect', code);
    });
    this.ws.on('message', (data) => {
      const [event, payload] = JSON.parse(data.toString()) as [string, unknown];
      super.emit(event, payload);
    });
  }
  get connected() {
    return this.ws.readyState === WebSocket.OPEN;
  }
  /** Sends a client event (`["presence:join"]`); local events (`connect`…) are emitted as EventEmitter does. */
  override emit(event: string, ...args: unknown[]): boolean {
    if (event === 'presence:join' || event === 'presence:leave') {
      this.ws.send(JSON.stringify([event satisfies ClientEventName]));
      return true;
    }
    return super.emit(event, ...args);
  }
  disconnect() {
    if (this.ws.readyState === WebSocket.CONNECTING) this.ws.terminate();
    else this.ws.close();
  }
}

/** The realtime address of a server whose HTTP base is `base` (http://host:port). */
export const liveUrl = (base: string) => `${base.replace(/^http/, 'ws')}${REALTIME_PATH}`;

/** A socket to `base` with these headers (Origin, Cookie); not waited for. */
export const openSocket = (base: string, headers: { origin?: string; cookie?: string }) =>
  new Socket(liveUrl(base), {
    ...(headers.origin ? { origin: headers.origin } : {}),
    ...(headers.cookie ? { cookie: headers.cookie } : {}),
  });

/** WebSocket clients of one server (`base`), all closed by `closeAll` in the file's afterAll. */
export function socketClients(base: string, origin: string) {
  const opened: Socket[] = [];
  /** A websocket to `base` with the session cookie (a visitor without one); not waited for. */
  const open = (cookie?: string, headerOrigin: string | null = origin) => {
    const socket = openSocket(base, { ...(headerOrigin ? { origin: headerOrigin } : {}), cookie });
    opened.push(socket);
    return socket;
  };
  /** {@link open}, resolved once the handshake is accepted. */
  const openConnected = async (cookie?: string) => {
    const socket = open(cookie);
    await connected(socket);
    return socket;
  };
  const closeAll = () => {
    for (const s of opened) s.disconnect();
  };
  return { open, openConnected, closeAll };
}

export const connected = (s: Socket) =>
  new Promise<void>((resolve, reject) => {
    if (s.connected) return resolve();
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });

/** The next `event` on `s`, or the failure of a timeout. */
export const next = <T>(s: Socket, event: string, ms = 5000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event}`)), ms);
    s.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

/** Every `event` on `s` from now on, in an array. */
export const collect = <T = unknown>(s: Socket, event: string) => {
  const seen: T[] = [];
  s.on(event, (p: T) => seen.push(p));
  return seen;
};

/** Waits until `check` holds, polling; fails after `ms`. */
export const until = async (check: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

const SENTINEL = 'test:sentinel';

/**
 * Proves that nothing more is on its way to these sockets: a sentinel event is queued on the bus after the
 * action and waited for on each socket (its room: 'site' for a visitor, 'user:<id>' for a member).
 * PostgreSQL delivers notifications in commit order and a WebSocket keeps its frames in order, so
 * anything the action queued would have arrived before the sentinel. No fixed sleep decides the result.
 * `notify` runs `select pg_notify(channel, payload)` on any connection to the database.
 */
export async function drained(
  notify: (channel: string, payload: string) => Promise<unknown>,
  targets: [Socket, string][],
) {
  await Promise.all(
    targets.map(async ([socket, room]) => {
      const id = randomUUID();
      const arrived = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`sentinel for ${room} never arrived`)), 5000);
        const seen = (payload: { id: string }) => {
          if (payload.id !== id) return;
          clearTimeout(timer);
          socket.off(SENTINEL, seen);
          resolve();
        };
        socket.on(SENTINEL, seen);
      });
      await notify(REALTIME_CHANNEL, JSON.stringify({ room, event: SENTINEL, payload: { id } }));
      await arrived;
    }),
  );
}

/** Same for a raw LISTEN: `payloads` has received a sentinel sent after everything before it. */
export async function listenerDrained(
  notify: (channel: string, payload: string) => Promise<unknown>,
  payloads: string[],
) {
  const marker = JSON.stringify({ room: 'test:none', event: SENTINEL, payload: { id: randomUUID() } });
  await notify(REALTIME_CHANNEL, marker);
  await until(() => payloads.includes(marker));
}
