/**
 * Makes an admin on a real deployment:
 *   npm run create-admin -- --email a@b.c --username boss --password '...'
 * or leave out --password and pipe it on standard input.
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { signUpBody } from '../contract/auth.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { profiles } from '../server/db/schema/index.ts';
import { createAccount } from '../server/modules/auth/service.ts';

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) {
    process.stderr.write('Password: ');
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

const { values } = parseArgs({
  options: { email: { type: 'string' }, username: { type: 'string' }, password: { type: 'string' } },
});
const parsed = signUpBody.safeParse({
  email: values.email,
  username: values.username,
  password: values.password ?? (await readStdin()),
});
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseDirectUrl ?? config.databaseUrl,
  dataDir: config.dataDir,
});
await database.migrate();
const app = await buildApp({ config, database, logger: false });
try {
  const existing = await database.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.email, parsed.data.email.toLowerCase()));
  if (existing[0]) {
    await database.db.update(profiles).set({ role: 'admin' }).where(eq(profiles.id, existing[0].id));
    console.log(`${parsed.data.email} already had an account; it is now an admin.`);
  } else {
    // The operator typed the address: it counts as verified, so staff mail (and account mail) reaches it.
    await createAccount(app.auth, database.db, { ...parsed.data, role: 'admin', emailVerified: true });
    console.log(`Admin ${parsed.data.username} <${parsed.data.email}> created.`);
  }
} finally {
  await app.close();
  await database.close();
}
