import type { DetectionStatus } from '../../../../contract/detection.ts';
import { cheatMessages, marketplaceMessages } from '../../../../contract/messages.ts';
import type { WatchState } from '../../../../contract/watches.ts';
import type { Db } from '../../../db/client.ts';
import { AppError, orNotFound } from '../../../plugins/errors.ts';
import type { Viewer } from '../../../plugins/viewer.ts';
import { authorize, listing as listingSubject } from '../../../policy.ts';
import { auditOthers } from '../../audit/service.ts';
import { findListingRow } from '../listings/queries/detail.ts';
import * as q from './queries.ts';

export { alertCheatWatchers, isWatching } from './queries.ts';

/** Watch or stop watching a cheat on the status board. */
export async function setCheatWatch(
  db: Db,
  viewer: Viewer,
  cheatId: string,
  on: boolean,
): Promise<WatchState> {
  if (on) {
    if (!(await q.watchCheat(db, cheatId, viewer.id)))
      throw new AppError('NOT_FOUND', cheatMessages.notFound);
  } else {
    await q.unwatch(db, 'cheat', cheatId, viewer.id);
  }
  return { watching: on };
}

/**
 * Watch or stop watching a cheat listing (its detection status). Only cheat listings have one, and a seller
 * does not watch their own. A suspended listing is gone for members, as on its page.
 */
export async function setListingWatch(
  db: Db,
  viewer: Viewer,
  listingId: string,
  on: boolean,
): Promise<WatchState> {
  if (!on) {
    await q.unwatch(db, 'listing', listingId, viewer.id);
    return { watching: false };
  }
  const listing = orNotFound(await findListingRow(db, listingId), marketplaceMessages.notFound);
  authorize(viewer, 'watch', listingSubject({ ...listing, sellerId: listing.userId }));
  await q.watchListing(db, listingId, viewer.id);
  return { watching: true };
}

/**
 * The seller (or staff) changes a cheat listing's detection status, sold or not: its watchers, and buyers
 * still inside the protection window when it turns detected, are alerted in the same transaction. Staff
 * changing someone else's listing is audited.
 */
export async function changeListingDetection(db: Db, viewer: Viewer, id: string, to: DetectionStatus) {
  await db.transaction(async (tx) => {
    const row = orNotFound(await q.lockListingDetection(tx, id), marketplaceMessages.notFound);
    authorize(viewer, 'setDetection', listingSubject(row));
    if (row.detectionStatus === to) return;
    await q.setDetectionStatus(tx, id, to);
    await q.alertListingWatchers(
      tx,
      { id, title: row.title, status: to, detected: to === 'detected' },
      viewer.id,
    );
    await auditOthers(tx, viewer, row.sellerId, {
      action: 'listing.detection',
      targetType: 'listing',
      targetId: id,
      before: { detectionStatus: row.detectionStatus },
      after: { detectionStatus: to },
    });
  });
}
