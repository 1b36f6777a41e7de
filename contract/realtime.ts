/**
 * The live events between server and browser (a plain WebSocket at {@link REALTIME_PATH}), typed once for both
 * sides. Server → client frames are JSON text `[event, payload]`; client → server frames are `[event]`.
 * Payloads stay small (ids): a client refetches what changed. The server queues room events with
 * `publishAfterCommit` (server/modules/realtime/bus.ts), so they arrive only for committed rows.
 */
import type { Role } from './limits.ts';

/** The WebSocket's path on the site's own origin. */
export const REALTIME_PATH = '/live';

export interface PresenceUser {
  id: string;
  username: string;
  avatarUrl: string | null;
}

export interface PresenceSnapshot {
  count: number;
  users: PresenceUser[];
}

/** Events a server sends to sockets, by name, with their payloads. */
export interface ServerToClientEvents {
  /**
   * A direct message to or from the member (both parties' rooms); `offPlatform`: it carries the warning that
   * trades outside CheatMarket have no buyer protection (issue 36 item 4).
   */
  message: (payload: { id: string; senderId: string; recipientId: string; offPlatform: boolean }) => void;
  /** A new notification for the member. */
  notification: (payload: { id: string }) => void;
  /** The member's role or ban changed (a banned member's tabs sign out at once). */
  profile: (payload: { banned: boolean; role: Role }) => void;
  /** A site setting changed (every socket). */
  'site-settings': (payload: { key: string }) => void;
  /** The member's wallet changed outside their own request: a deposit settled or a withdrawal was decided. */
  wallet: (payload: { depositId?: string; withdrawalId?: string }) => void;
  /** This socket's session ended (signed out, revoked, password changed): the socket closes right after. */
  'session-ended': (payload: Record<string, never>) => void;
  /** Who is online, to sockets that joined the presence room. */
  presence: (snapshot: PresenceSnapshot) => void;
}

/** Events a browser sends. */
export interface ClientToServerEvents {
  'presence:join': () => void;
  'presence:leave': () => void;
}

export type ServerEventName = keyof ServerToClientEvents;
export type ClientEventName = keyof ClientToServerEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];
