import { methodLabels } from '../../../contract/payments.ts';
import type { Db } from '../../db/client.ts';
import type { TimeKey } from '../../db/cursor.ts';
import { csvDocument } from '../../plugins/csv.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import * as q from './queries.ts';
import { formatMinor } from './service.ts';

/** Every deposit of the member as CSV, read a keyset page at a time. */
export async function depositsCsv(db: Db, viewer: Viewer, batch = 1000) {
  const rows: (string | number | null)[][] = [];
  let after: TimeKey | undefined;
  for (;;) {
    const found = await q.listDeposits(db, viewer.id, undefined, after, batch);
    for (const { row } of found.slice(0, batch)) {
      rows.push([
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
      ]);
    }
    const last = found.at(Math.min(found.length, batch) - 1);
    if (!last || found.length <= batch) break;
    after = [last.createdAtKey, last.row.id];
  }
  return csvDocument(
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
    rows,
  );
}
