import { type SQL, sql } from 'drizzle-orm';
import { contactKindNames, marketplaceMessages } from '../../../contract/messages.ts';
import { AppError } from '../../plugins/errors.ts';
import { detectOffPlatformContact } from './contact-detector.ts';

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
 * Two members with neither are not a buyer and a seller: their messages are not checked. An SQL boolean over
 * the two members' ids.
 */
const tradePartners = (a: SQL, b: SQL) =>
  sql<boolean>`(exists(
      select 1 from marketplace_orders
      where (buyer_id = ${a} and seller_id = ${b}) or (buyer_id = ${b} and seller_id = ${a})
    ) or exists(
      select 1 from marketplace_listings where user_id in (${a}, ${b}) and status = 'active'
    ))`;

/**
 * A direct message's check: the kinds of contact its text names. The statement that stores it sets
 * `off_platform` to offPlatformFlag's SQL, so whether the text names any is part of that statement's shape.
 */
export const offPlatformKinds = (text: string) => detectOffPlatformContact(text).kinds;

/**
 * An SQL boolean that holds when a message between `sender` and `recipient` that `namesContact` is to be
 * flagged: its two members trade with each other (a plain false, reading nothing, when it names none).
 */
export const offPlatformFlag = (namesContact: boolean, sender: SQL, recipient: SQL) =>
  namesContact ? tradePartners(sender, recipient) : sql<boolean>`false`;
