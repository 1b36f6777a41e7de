import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, PGLITE_EXTENSIONS } from '../db/client.ts';
import { startPostgres } from './postgres-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbKind: 'pglite' | 'postgres';
    /** PGlite: a migrated data directory dumped to a file, loaded per test file. */
    pgliteTemplate: string;
    /** PostgreSQL: the server's URL for a database name, with `{db}` in place of the name. */
    postgresUrl: string;
    /**
     * PostgreSQL: drop each file's database when the file closes it. Only in watch mode, where the server
     * outlives any number of reruns; a run's databases go with the server's directory at its end.
     */
    dropTestDatabases: boolean;
  }
}

export const TEMPLATE_DB = 'cm_template';

/** Migrates once; each test file then starts from a copy of the migrated template. */
export default async function setup(project: TestProject) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'cm-test-'));
  if (project.name === 'postgres') {
    const server = await startPostgres();
    const admin = new pg.Client({ connectionString: server.url('postgres') });
    await admin.connect();
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: server.url(TEMPLATE_DB), poolSize: 1 });
    await database.migrate();
    await database.close();
    project.provide('dbKind', 'postgres');
    project.provide('postgresUrl', server.url('{db}'));
    project.provide('dropTestDatabases', project.vitest.config.watch);
    project.provide('pgliteTemplate', '');
    return () => {
      server.stop();
      rmSync(tmp, { recursive: true, force: true });
    };
  }
  // 1 MB WAL segments instead of 16: every test file unpacks this template, and a fresh 16 MB segment was a
  // third of it (opening a copy: 0.6 s → 0.4 s).
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS, initDbStartParams: ['--wal-segsize=1'] });
  const database = await openDatabase({ pglite: client });
  await database.migrate();
  const dump = await client.dumpDataDir('none');
  const file = path.join(tmp, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('dbKind', 'pglite');
  project.provide('pgliteTemplate', file);
  project.provide('postgresUrl', '');
  project.provide('dropTestDatabases', false);
  return () => rmSync(tmp, { recursive: true, force: true });
}
