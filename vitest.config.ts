import { defineConfig } from 'vitest/config';

// `*.pg.test.ts` need a real PostgreSQL server (several processes on one database, stopping the server):
// they run in the PostgreSQL pass only.
const onPostgres = process.env.TEST_DB === 'postgres';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(onPostgres ? [] : ['**/*.pg.test.ts'])],
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Tests within a file share one app and database; files run in parallel on their own copies.
    sequence: { concurrent: false },
  },
});
