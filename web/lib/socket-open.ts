import type { QueryClient } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import { walletRootKey } from './orders.ts';
import { notificationsRootKey } from './query-roots.ts';
import { meKey, sessionKey } from './session.ts';
import { live, type Socket } from './socket.ts';

/** Spec §9: reconnect after 1, 2, 5, then every 10 s. */
const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;

/**
 * One socket per tab, opened with the session cookie (WebSocket only). The session is read at the handshake,
 * so signing in or out reconnects. socket.io's own reconnection is off: our back-off is the spec's.
 */
export function open(queryClient: QueryClient): Socket {
  const s: Socket = io({
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    autoConnect: true,
  });
  const scheduleRetry = () => {
    if (live.socket !== s || live.retryTimer) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(live.attempt, RECONNECT_DELAYS_MS.length - 1)];
    live.attempt += 1;
    live.retryTimer = setTimeout(() => {
      live.retryTimer = null;
      // The handshake reads the session cookie: one being replaced by a request of ours is awaited first.
      void afterOwnRequests(queryClient).then(() => {
        if (live.socket === s && s.disconnected) s.connect();
      });
    }, delay);
  };
  s.on('connect', () => {
    // Anything missed while away is fetched again.
    if (live.attempt > 0) invalidateLive(queryClient);
    live.attempt = 0;
    for (const l of live.listeners) l(s);
  });
  s.on('connect_error', scheduleRetry);
  s.on('disconnect', (reason) => {
    // Closed by the server: a ban, this session ending, or a restart; either way the session is checked
    // again, once this tab's own requests have answered: a password change ends the session and sets the
    // new one's cookie in its answer, which the check must not overtake.
    if (reason === 'io server disconnect')
      void afterOwnRequests(queryClient).then(() => queryClient.invalidateQueries({ queryKey: sessionKey }));
    scheduleRetry();
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
