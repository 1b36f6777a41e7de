import { z } from 'zod';
import { detectionStatuses } from './detection.ts';
import { watchMessages as m } from './messages/watch.ts';

/** Whether the caller now watches the cheat or listing (PUT: true, DELETE: false). */
export const watchState = z.object({ watching: z.boolean() });
export type WatchState = z.infer<typeof watchState>;

/** A seller (or staff) sets a cheat listing's detection status; every watcher is alerted. */
export const detectionBody = z.object({
  detectionStatus: z.enum(detectionStatuses, { error: m.detectionRequired }),
});
export type DetectionBody = z.input<typeof detectionBody>;

/**
 * A detection alert's `data` (a notification's target ids): `cheatId` or `listingId`, and for a buyer still
 * inside the protection window when the listing turned detected, `orderId` with `dispute: 'detected'`: the
 * bell opens that order's dispute with the reason filled in.
 */
export const detectedDispute = 'detected';
