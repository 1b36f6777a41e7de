import type { Role } from '../../../contract/limits.ts';
import type { TrustLevel } from '../../../contract/trust.ts';
import { profiles } from '../../db/schema/index.ts';

/*
 * Who is asking, as services and the policy see them. In a file of its own, apart from the session lookup
 * (which needs better-auth's instance, and through it the queue and the security alerts): the policy imports
 * only this, so policy, auth and queue no longer import each other in a circle, not even by type (decision 056).
 */

export interface Viewer {
  id: string;
  username: string;
  email: string;
  role: Role;
  avatarUrl: string | null;
  /**
   * What the trust limits (modules/trust/limits.ts) decide on, read in the same statement as the session, so a
   * write needs no extra query to know the writer's level, whether their address is verified and their age.
   */
  trustLevel: TrustLevel;
  emailVerified: boolean;
  joinedAt: Date;
  /** The session this request came with (set by the session lookup): the sessions list marks it "this device". */
  sessionId?: string;
}

/**
 * A member's columns as a `Viewer` holds them: the session lookup reads them with the session, and a service
 * acting in a member's name (the review queue publishing an approved post) reads the same ones.
 */
export const viewerColumns = {
  id: profiles.id,
  username: profiles.username,
  email: profiles.email,
  role: profiles.role,
  avatarUrl: profiles.avatarUrl,
  trustLevel: profiles.trustLevel,
  emailVerified: profiles.emailVerified,
  joinedAt: profiles.createdAt,
};
