/**
 * The wallet's system invariant, for operations and tests:
 *   npm run check:ledger            (uses DATABASE_URL, or the PGlite database under DATA_DIR)
 * Every transfer sums to zero, every member's cached credits and balance equal their ledger sums, and the
 * escrow account holds exactly the price of every order still held or disputed. Exit 0 when all hold.
 */
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { ledgerCheck } from '../server/modules/wallet/service.ts';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseDirectUrl ?? config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: 1,
});
try {
  const result = await ledgerCheck(database.db);
  console.log(JSON.stringify(result, null, 2));
  console.log(result.ok ? 'ledger check: OK' : 'ledger check: FAILED');
  process.exitCode = result.ok ? 0 : 1;
} finally {
  await database.close();
}
