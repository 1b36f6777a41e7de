import type { ReviewKind } from '../../../contract/trust.ts';
import type { Tx } from '../../db/client.ts';
import type { Viewer } from '../../plugins/viewer.ts';

/** The kinds of post a create can hold for staff (a flagged direct message is delivered, never held). */
export type HeldKind = Exclude<ReviewKind, 'direct_message'>;

/** A held post published: its id, where it is (the notification's data) and what its author is told. */
interface Published {
  id: string;
  data: Record<string, string>;
  about: string;
}

/**
 * Publishes an approved item's payload in its author's name, inside the decision's transaction, through the
 * service a direct post uses. The module that owns the post supplies it (forum, social): review calls it by
 * kind and never imports them, so the only dependency runs from those modules to review (decision 056).
 */
export type PublishHeld = (tx: Tx, author: Viewer, payload: Record<string, unknown>) => Promise<Published>;

/** One publisher per kind, handed to the review routes by server/app.ts. */
export type HeldPublishers = Record<HeldKind, PublishHeld>;
