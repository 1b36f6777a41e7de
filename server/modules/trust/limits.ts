import { trustMessages as m } from '../../../contract/messages.ts';
import type { LevelLimits } from '../../../contract/site.ts';
import { type TrustLevel, trustLevels } from '../../../contract/trust.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { canModerate } from '../../policy.ts';
import type { TrustTerms } from './levels.ts';

/**
 * Each trust level's limits (issue 36 item 2), decided here and only here: one function per limit, pure
 * (the caller reads the counts), each refusing with 403 and a text that names what unlocks more. The writer's
 * level and whether their address is verified come with the session (`Viewer`), so no write reads them again.
 * An address not yet verified is held below `new`: no links, no selling, no withdrawals, and
 * `unverifiedContactsPerDay` new contacts a day. Staff are not limited.
 */
type Writer = Pick<Viewer, 'role' | 'trustLevel' | 'emailVerified'>;
type NumericLimit = Exclude<keyof LevelLimits, 'withdrawals'>;

const refuse = (message: string): never => {
  throw new AppError('FORBIDDEN', message);
};

/** The first level above `level` whose limit is higher (or allowed), if any: what the text says unlocks it. */
function nextUnlocking(t: TrustTerms, level: TrustLevel, key: keyof LevelLimits): TrustLevel | null {
  const here = t.limits[level][key];
  for (const above of trustLevels.slice(trustLevels.indexOf(level) + 1)) {
    if (Number(t.limits[above][key]) > Number(here)) return above;
  }
  return null;
}

function within(
  writer: Writer,
  t: TrustTerms,
  key: NumericLimit,
  wanted: number,
  text: (level: TrustLevel, max: number, next: TrustLevel | null, t: TrustTerms) => string,
) {
  const max = t.limits[writer.trustLevel][key];
  if (wanted > max) refuse(text(writer.trustLevel, max, nextUnlocking(t, writer.trustLevel, key), t));
}

/** A forum thread or reply, a social post or comment (and their edits): links and images in it. */
export function ensurePostReach(writer: Writer, t: TrustTerms, reach: { links: number; images: number }) {
  if (canModerate(writer)) return;
  if (reach.links > 0 && !writer.emailVerified) refuse(m.unverifiedLinks);
  within(writer, t, 'linksPerPost', reach.links, m.links);
  within(writer, t, 'imagesPerPost', reach.images, m.images);
}

/**
 * A direct message to a member the writer has never exchanged one with: `startedToday` is how many such
 * first messages they sent in the last 24 hours.
 */
export function ensureNewContact(writer: Writer, t: TrustTerms, startedToday: number) {
  if (canModerate(writer)) return;
  if (!writer.emailVerified) {
    const max = Math.min(t.unverifiedContactsPerDay, t.limits[writer.trustLevel].newContactsPerDay);
    if (startedToday >= max) refuse(m.unverifiedContacts(max));
  }
  within(writer, t, 'newContactsPerDay', startedToday + 1, m.newContacts);
}

/** A new listing: selling needs a verified address, and the level caps active listings and the price. */
export function ensureListing(writer: Writer, t: TrustTerms, listing: { active: number; price: number }) {
  if (canModerate(writer)) return;
  if (!writer.emailVerified) refuse(m.unverifiedSelling);
  within(writer, t, 'activeListings', listing.active + 1, m.activeListings);
  ensureListingPrice(writer, t, listing.price);
}

/** A listing's price, when listed or changed by its seller. */
export function ensureListingPrice(writer: Writer, t: TrustTerms, price: number) {
  if (canModerate(writer)) return;
  within(writer, t, 'listingPriceCap', price, m.priceCap);
}

/** A withdrawal request. */
export function ensureWithdrawals(writer: Writer, t: TrustTerms) {
  if (canModerate(writer)) return;
  if (!writer.emailVerified) refuse(m.unverifiedWithdrawals);
  if (!t.limits[writer.trustLevel].withdrawals)
    refuse(m.withdrawals(writer.trustLevel, nextUnlocking(t, writer.trustLevel, 'withdrawals'), t));
}
