import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type {
  ClientEventName,
  PresenceSnapshot,
  ServerEventName,
  ServerToClientEvents,
} from '../../contract/realtime.ts';
import { useSession } from './session.ts';

export type { PresenceSnapshot } from '../../contract/realtime.ts';

/** The tab's socket (socket-open.ts), typed by the realtime contract shared with the server. */
export interface Socket {
  /** The WebSocket is open (and the server took the session cookie as it was at the handshake). */
  readonly connected: boolean;
  on<E extends ServerEventName>(event: E, handler: ServerToClientEvents[E]): void;
  off<E extends ServerEventName>(event: E, handler: ServerToClientEvents[E]): void;
  /** Sends a client event; dropped while not connected (a reconnect runs the listeners again). */
  emit(event: ClientEventName): void;
  /** Closes for good: no handler runs and no reconnect follows. */
  disconnect(): void;
}

/** The tab's one connection, shared with the lazily loaded opener (socket-open.ts). */
export const live = {
  socket: null as Socket | null,
  /** Bumped by each open and close: an opener that arrives after its tab moved on is not used. */
  generation: 0,
  attempt: 0,
  retryTimer: null as ReturnType<typeof setTimeout> | null,
  listeners: new Set<(s: Socket) => void>(),
};

/**
 * The code that opens the socket and wires its events is fetched after the first screen has rendered, not
 * with it: live updates can start a moment later, the page cannot.
 */
function connect(queryClient: QueryClient) {
  const mine = ++live.generation;
  void import('./socket-open.ts').then(({ open }) => {
    if (mine === live.generation) live.socket = open(queryClient);
  });
}

function close() {
  live.generation += 1;
  if (live.retryTimer) clearTimeout(live.retryTimer);
  live.retryTimer = null;
  live.attempt = 0;
  const s = live.socket;
  live.socket = null;
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
    live.listeners.add(join);
    if (live.socket?.connected) join(live.socket);
    return () => {
      live.listeners.delete(join);
      current?.off('presence', onPresence);
      if (current?.connected) current.emit('presence:leave');
    };
  }, []);
  return snapshot;
}
