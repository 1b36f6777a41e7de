import { cheats } from './catalogue.ts';
import { marketplaceListings } from './marketplace.ts';
import { memberMarks } from './member-marks.ts';

/*
 * Detection alerts (issue 18, decision 022): members watch a cheat or a cheat listing, and every watcher is
 * notified when its status changes. Two tables rather than one with a kind, so each target has a real foreign
 * key (a deleted cheat or listing takes its watches with it). The key is (target, member): the fan-out reads
 * a target's watchers in key order, and "am I watching" is the same index.
 */

export const cheatWatches = memberMarks('cheat_watches', 'cheatId', () => cheats.id);

export const listingWatches = memberMarks('listing_watches', 'listingId', () => marketplaceListings.id);
