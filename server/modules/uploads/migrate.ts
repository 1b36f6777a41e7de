import type { Db } from '../../db/client.ts';
import { type MediaBucket, sha256Of, uploadKey } from './bucket.ts';
import * as q from './queries.ts';

export interface MigrationReport {
  moved: number;
  /** Copies that read back different from the row's hash: the row keeps its bytes. */
  mismatched: string[];
}

/**
 * Moves the images still held in PostgreSQL into the bucket (`npm run media:migrate`, issue 39). Each is put,
 * read back and checked against its SHA-256 before its row lets go of the bytes, so a copy is never lost:
 * stopped at any point (killed, the bucket down), a run again carries on where the rows say, and an image put
 * but not yet released is simply put again. `/media` serves each image from wherever its row says throughout.
 */
export async function migrateMediaToBucket(
  db: Db,
  bucket: MediaBucket,
  { batch = 50, log = (_: string) => {} }: { batch?: number; log?: (line: string) => void } = {},
): Promise<MigrationReport> {
  const report: MigrationReport = { moved: 0, mismatched: [] };
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await q.uploadsInDatabase(db, after, batch);
    if (rows.length === 0) return report;
    for (const row of rows) {
      after = row.id;
      const key = uploadKey(row.id, row.mime);
      await bucket.put(key, row.data!, row.mime);
      const copy = await bucket.get(key);
      if (!copy || sha256Of(copy) !== row.sha256) {
        report.mismatched.push(row.id);
        log(`${key}: the copy read back differs; the row keeps its bytes`);
        continue;
      }
      if (await q.releaseUploadData(db, row.id, row.sha256)) report.moved++;
    }
    log(`${report.moved} moved`);
  }
}
