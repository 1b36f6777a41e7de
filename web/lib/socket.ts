import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Socket as ClientSocket } from 'socket.io-client';
import { meKey, sessionKey, useSession } from './session.ts';

/** Spec §9: reconnect after 1, 2, 5, then every 10 s. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;

import type {
  ClientToServerEvents,
  PresenceSnapshot,
  ServerToClientEvents,
} from '../../contract/realtime.ts';

export type { PresenceSnapshot, PresenceUser } from '../../contract/realtime.ts';

/** The tab's socket, typed by the realtime contract shared with the server. */
type Socket = ClientSocket<ServerToClientEvents, ClientToServerEvents>;

let socket: Socket | null = null;
/** Bumped by each open and close: a client library that arrives after its tab moved on is not used. */
let generation = 0;
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<(s: Socket) => void>();

/**
 * One socket per tab, opened with the session cookie (WebSocket only). The session is read at the handshake,
 * so signing in or out reconnects. socket.io's own reconnection is off: our back-off is the spec's.
 */
function open(io: typeof import('socket.io-client').io, queryClient: QueryClient): Socket {
  const s: Socket = io({
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    autoConnect: true,
  });
  const scheduleRetry = () => {
    if (socket !== s || retryTimer) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (socket === s) s.connect();
    }, delay);
  };
  s.on('connect', () => {
    // Anything missed while away is fetched again.
    if (attempt > 0) invalidateLive(queryClient);
    attempt = 0;
    for (const l of listeners) l(s);
  });
  s.on('connect_error', scheduleRetry);
  s.on('disconnect', (reason) => {
    // Closed by the server: maybe a ban, or a restart; either way the session is checked again.
    if (reason === 'io server disconnect') void queryClient.invalidateQueries({ queryKey: sessionKey });
    scheduleRetry();
  });
  s.on('message', () => {
    void queryClient.invalidateQueries({ queryKey: ['conversations'] });
  });
  s.on('notification', () => {
    void queryClient.invalidateQueries({ queryKey: ['notifications'] });
  });
  s.on('profile', () => {
    void queryClient.invalidateQueries({ queryKey: sessionKey });
    void queryClient.invalidateQueries({ queryKey: meKey });
  });
  s.on('site-settings', () => {
    void queryClient.invalidateQueries({ queryKey: ['site-settings'] });
  });
  return s;
}

function invalidateLive(queryClient: QueryClient) {
  for (const key of [['conversations'], ['notifications'], ['site-settings']]) {
    void queryClient.invalidateQueries({ queryKey: key });
  }
}

/**
 * The client library (about a tenth of the shell's code) is fetched after the first screen has rendered,
 * not with it: live updates can start a moment later, the page cannot.
 */
function connect(queryClient: QueryClient) {
  const mine = ++generation;
  void import('socket.io-client').then(({ io }) => {
    if (mine === generation) socket = open(io, queryClient);
  });
}

function close() {
  generation += 1;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  attempt = 0;
  const s = socket;
  socket = null;
  s?.removeAllListeners();
  s?.disconnect();
}

/** Mounted once in the app layout: keeps the tab's socket open for the current session. */
export function useRealtime() {
  const queryClient = useQueryClient();
  const { user, isPending } = useSession();
  const userId = user?.id ?? null;
  useEffect(() => {
    // The session is read at the handshake: a new member (or none) needs a new socket.
    if (isPending) return;
    connect(queryClient);
    void userId;
    return close;
  }, [queryClient, userId, isPending]);
}

/** The home page's online list: joins 'online-users' while mounted (and again after a reconnect). */
export function usePresence(): PresenceSnapshot | null {
  const [snapshot, setSnapshot] = useState<PresenceSnapshot | null>(null);
  useEffect(() => {
    let current: Socket | null = null;
    const onPresence = (p: PresenceSnapshot) => setSnapshot(p);
    const join = (s: Socket) => {
      if (current !== s) {
        current?.off('presence', onPresence);
        current = s;
        s.on('presence', onPresence);
      }
      s.emit('presence:join');
    };
    listeners.add(join);
    if (socket?.connected) join(socket);
    return () => {
      listeners.delete(join);
      current?.off('presence', onPresence);
      if (current?.connected) current.emit('presence:leave');
    };
  }, []);
  return snapshot;
}
