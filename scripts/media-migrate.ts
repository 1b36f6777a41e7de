/**
 * npm run media:migrate
 * Moves the uploaded images still held in the database (DATABASE_URL, or the PGlite database under DATA_DIR)
 * into the S3 bucket the S3_* variables name: each is copied, read back and checked before its row lets go of
 * the bytes. Safe to stop and run again (it carries on), and to run while the servers serve. Exit 1 when a
 * copy did not read back intact (those images stay in the database).
 */
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { createMediaBucket } from '../server/modules/uploads/bucket.ts';
import { migrateMediaToBucket } from '../server/modules/uploads/migrate.ts';

const config = loadConfig();
if (!config.uploads.bucket) {
  console.error(
    'media:migrate needs the bucket: set S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
  );
  process.exit(2);
}
const database = await openDatabase({
  databaseUrl: config.databaseDirectUrl ?? config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: 1,
});
try {
  const report = await migrateMediaToBucket(database.db, createMediaBucket(config.uploads.bucket), {
    log: (line) => console.log(line),
  });
  console.log(`media:migrate: ${report.moved} images moved to ${config.uploads.bucket.bucket}`);
  if (report.mismatched.length) {
    console.error(`media:migrate: ${report.mismatched.length} copies differed and stay in the database`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
