/**
 * npm run backup -- <file>
 * Backs up the database the server is configured for (DATABASE_URL, or the PGlite database under DATA_DIR):
 * pg_dump's custom format, or PGlite's data directory as a gzipped tarball. Stop the server first on PGlite
 * (its database belongs to one process); PostgreSQL is backed up live, consistently (one snapshot). With S3_*
 * set, uploaded images in the bucket are not in the backup (it says so).
 */
import { loadConfig } from '../server/config.ts';
import { BackupError, backupDatabase } from '../server/db/backup.ts';

const file = process.argv[2];
if (!file || file.startsWith('-')) {
  console.error('usage: npm run backup -- <file>');
  process.exit(2);
}
const config = loadConfig();
try {
  await backupDatabase(
    { databaseUrl: config.databaseDirectUrl ?? config.databaseUrl, dataDir: config.dataDir },
    file,
  );
  console.log(
    `backup written to ${file} (${config.databaseUrl ? 'PostgreSQL, pg_dump custom format' : 'PGlite data directory'})`,
  );
  // With S3 the images live in the bucket: the dump holds their rows (owner, size, hash), not their bytes.
  if (config.uploads.bucket)
    console.log(
      `not in it: the uploaded images in the S3 bucket "${config.uploads.bucket.bucket}" (back the bucket up with its own versioning or replication); images not yet moved by media:migrate are in it`,
    );
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(`backup failed: ${err.message}`);
  process.exit(1);
}
