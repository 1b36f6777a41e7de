import { methodLabels } from '../../../contract/payments.ts';
import type { Db } from '../../db/client.ts';
import { rowTimeKey, type TimeKey } from '../../db/cursor.ts';
import { csvInBatches } from '../../plugins/csv.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import * as q from './queries.ts';
import { formatMinor } from './service.ts';

/** Every deposit of the member as CSV, read a keyset page at a time. */
export function depositsCsv(db: Db, viewer: Viewer, batch = 1000) {
  return csvInBatches(
    [
      'date',
      'deposit',
      'method',
      'credits',
      'amount',
      'currency',
      'status',
      'problem',
      'reversed',
      'settled',
    ],
    batch,
    (after: TimeKey | undefined) => q.listDeposits(db, viewer.id, undefined, after, batch),
    rowTimeKey,
    ({ row }) => [
      row.createdAt.toISOString(),
      row.id,
      methodLabels[row.method],
      row.credits,
      formatMinor(row.amountMinor),
      row.currency,
      row.status,
      row.problem,
      row.reversedCredits,
      row.settledAt?.toISOString() ?? null,
    ],
  );
}
