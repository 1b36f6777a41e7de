/**
 * npm run restore -- <file> [--force]
 * Restores a backup made by `npm run backup` into the configured database (DATABASE_URL, or DATA_DIR's
 * PGlite). Refuses a database that is not empty unless --force (PostgreSQL: its schemas are dropped first;
 * PGlite: the old directory is moved aside, not deleted). Stop the server first. Then `npm run check:ledger`.
 */
import { loadConfig } from '../server/config.ts';
import { BackupError, restoreDatabase } from '../server/db/backup.ts';

const args = process.argv.slice(2);
const force = args.includes('--force');
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('usage: npm run restore -- <file> [--force]');
  process.exit(2);
}
const config = loadConfig();
try {
  const { movedAside } = await restoreDatabase(
    { databaseUrl: config.databaseDirectUrl ?? config.databaseUrl, dataDir: config.dataDir },
    file,
    { force },
  );
  if (movedAside) console.log(`the previous PGlite data was moved to ${movedAside}`);
  console.log(`restored ${file}; run \`npm run check:ledger\` to verify the wallet`);
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(`restore refused: ${err.message}`);
  process.exit(1);
}
