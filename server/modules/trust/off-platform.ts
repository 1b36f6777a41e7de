import { sql } from 'drizzle-orm';
import { contactKindNames, marketplaceMessages } from '../../../contract/messages.ts';
import type { Db, Tx } from '../../db/client.ts';
import { rows } from '../../db/sql.ts';
import { AppError } from '../../plugins/errors.ts';
import { type ContactKind, detectOffPlatformContact } from './contact-detector.ts';

/**
 * Where off-platform contact details are stopped (issue 36 item 4): a listing's public text is refused, and a
 * direct message between trading partners is delivered with a warning and flagged to staff.
 */

/**
 * Refuses a listing whose public text (title, description, game, features, requirements: whatever the caller
 * passes) names a Discord, Telegram, email or phone contact. One field error per field, naming what was found
 * there; the message is the first field's. The content link is not passed: only the buyer sees it, after paying.
 */
export function refuseListingContacts(fields: Record<string, string | undefined>) {
  const found: Record<string, string> = {};
  for (const [name, text] of Object.entries(fields)) {
    if (!text) continue;
    const { kinds } = detectOffPlatformContact(text);
    const first = kinds[0];
    if (first) found[name] = marketplaceMessages.offPlatformContact(contactKindNames[first]);
  }
  const message = Object.values(found)[0];
  if (message) throw new AppError('VALIDATION', message, found);
}

/**
 * Whether two members trade with each other, the rule under which their messages are checked: an order between
 * them (either way, any status), or either of them has an active listing (a buyer asking a seller about one).
 * Two members with neither are not a buyer and a seller: their messages are not checked.
 */
async function tradePartners(db: Db | Tx, a: string, b: string): Promise<boolean> {
  const [row] = await rows<{ yes: boolean }>(
    db,
    sql`select exists(
          select 1 from marketplace_orders
          where (buyer_id = ${a}::uuid and seller_id = ${b}::uuid) or (buyer_id = ${b}::uuid and seller_id = ${a}::uuid)
        ) or exists(
          select 1 from marketplace_listings where user_id in (${a}::uuid, ${b}::uuid) and status = 'active'
        ) as yes`,
  );
  return Boolean(row?.yes);
}

/**
 * The kinds of contact a direct message names when its two members trade with each other (empty otherwise):
 * the caller stores the message with `off_platform` set when any is found.
 */
export async function offPlatformKinds(
  db: Db | Tx,
  senderId: string,
  recipientId: string,
  text: string,
): Promise<ContactKind[]> {
  const { kinds } = detectOffPlatformContact(text);
  if (kinds.length === 0) return [];
  return (await tradePartners(db, senderId, recipientId)) ? kinds : [];
}
