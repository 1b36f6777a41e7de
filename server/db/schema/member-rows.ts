import { profiles } from './auth.ts';
import { belongsTo, primaryId } from './columns.ts';

/** A member's own row (a listing, a ticket, a notification…): its id and the member, whose deletion deletes it. */
export const memberRow = () => ({ id: primaryId(), userId: belongsTo('user_id', () => profiles.id) });
