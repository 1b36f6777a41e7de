import type { QueryClient } from '@tanstack/react-query';
import {
  type ClientEventName,
  REALTIME_PATH,
  type ServerEventName,
  type ServerToClientEvents,
} from '../../contract/realtime.ts';
import { notificationsRootKey, walletRootKey } from './query-roots.ts';
import { meKey, sessionKey } from './session.ts';
import { live, type Socket } from './socket.ts';

/** Spec §9: reconnect after 1, 2, 5, then every 10 s. */
const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;
/** Close codes of a server that ended the socket on purpose: a session that ended (4001) or a restart (1001). */
const CLOSED_BY_SERVER = new Set([4001, 1001]);

type Handler = (payload: never) => void;

/**
 * The browser's own WebSocket with a small typed emitter: server frames are `[event, payload]` JSON text,
 * client frames `[event]` (contract/realtime.ts). Malformed frames are ignored.
 */
class LiveSocket implements Socket {
  private ws: WebSocket | null = null;
  private readonly handlers = new Map<string, Set<Handler>>();
  private ended = false;
  private readonly hooks: { opened(): void; closed(wasOpen: boolean, code: number): void };
  connected = false;

  constructor(hooks: LiveSocket['hooks']) {
    this.hooks = hooks;
  }

  connect() {
    if (this.ended || this.ws) return;
    const url = new URL(REALTIME_PATH, location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => {
      this.connected = true;
      this.hooks.opened();
    };
    ws.onmessage = (e: MessageEvent) => {
      let frame: unknown;
      try {
        frame = JSON.parse(String(e.data));
      } catch {
        return;
      }
      if (!Array.isArray(frame) || typeof frame[0] !== 'string') return;
      for (const handler of this.handlers.get(frame[0]) ?? []) handler(frame[1] as never);
    };
    ws.onclose = (e: CloseEvent) => {
      const wasOpen = this.connected;
      this.connected = false;
      this.ws = null;
      if (!this.ended) this.hooks.closed(wasOpen, e.code);
    };
  }

  on<E extends ServerEventName>(event: E, handler: ServerToClientEvents[E]) {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler as Handler);
    this.handlers.set(event, set);
  }

  off<E extends ServerEventName>(event: E, handler: ServerToClientEvents[E]) {
    this.handlers.get(event)?.delete(handler as Handler);
  }

  emit(event: ClientEventName) {
    if (this.connected) this.ws?.send(JSON.stringify([event]));
  }

  disconnect() {
    this.ended = true;
    this.handlers.clear();
    this.connected = false;
    this.ws?.close();
    this.ws = null;
  }
}

/**
 * One socket per tab, opened with the session cookie. The session is read at the handshake, so signing in or
 * out reconnects. Reconnection follows the spec's back-off.
 */
export function open(queryClient: QueryClient): Socket {
  const scheduleRetry = () => {
    if (live.socket !== s || live.retryTimer) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(live.attempt, RECONNECT_DELAYS_MS.length - 1)];
    live.attempt += 1;
    live.retryTimer = setTimeout(() => {
      live.retryTimer = null;
      // The handshake reads the session cookie: one being replaced by a request of ours is awaited first.
      void afterOwnRequests(queryClient).then(() => {
        if (live.socket === s && !s.connected) s.connect();
      });
    }, delay);
  };
  const s = new LiveSocket({
    opened() {
      // Anything missed while away is fetched again.
      if (live.attempt > 0) invalidateLive(queryClient);
      live.attempt = 0;
      for (const l of live.listeners) l(s);
    },
    closed(wasOpen, code) {
      // Closed by the server: a ban, this session ending, or a restart; either way the session is checked
      // again, once this tab's own requests have answered: a password change ends the session and sets the
      // new one's cookie in its answer, which the check must not overtake.
      if (wasOpen && CLOSED_BY_SERVER.has(code))
        void afterOwnRequests(queryClient).then(() =>
          queryClient.invalidateQueries({ queryKey: sessionKey }),
        );
      scheduleRetry();
    },
  });
  s.on('message', () => {
    void queryClient.invalidateQueries({ queryKey: ['conversations'] });
  });
  s.on('notification', () => {
    void queryClient.invalidateQueries({ queryKey: notificationsRootKey });
  });
  s.on('profile', () => {
    void queryClient.invalidateQueries({ queryKey: sessionKey });
    void queryClient.invalidateQueries({ queryKey: meKey });
  });
  // A deposit credited or a withdrawal decided: the summary, the history and both lists refresh.
  s.on('wallet', () => {
    void queryClient.invalidateQueries({ queryKey: walletRootKey });
  });
  s.on('site-settings', () => {
    void queryClient.invalidateQueries({ queryKey: ['site-settings'] });
  });
  s.connect();
  return s;
}

/** Resolves once no mutation of this tab is in flight. */
function afterOwnRequests(queryClient: QueryClient) {
  return new Promise<void>((resolve) => {
    if (queryClient.isMutating() === 0) return resolve();
    const unsubscribe = queryClient.getMutationCache().subscribe(() => {
      if (queryClient.isMutating() > 0) return;
      unsubscribe();
      resolve();
    });
  });
}

function invalidateLive(queryClient: QueryClient) {
  for (const key of [['conversations'], notificationsRootKey, ['site-settings'], walletRootKey]) {
    void queryClient.invalidateQueries({ queryKey: key });
  }
}
