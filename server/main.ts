// First: sizes libuv's thread pool before anything starts it (issue 36).
import './boot/thread-pool.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemo } from './db/seed-demo.ts';

const startedAt = performance.now();
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
  readUrls: config.databaseReadUrls,
  readMaxLagMs: config.databaseReadMaxLagMs,
  directUrl: config.databaseDirectUrl,
  statements: config.databaseStatements,
});
await database.migrate();
const app = await buildApp({ config, database });

if (config.seedDemo) {
  const seeded = await seedDemo(app.auth, database.db);
  if (seeded) {
    const lines = seeded.map((a) => `  ${a.role.padEnd(9)} ${a.email.padEnd(24)} ${a.password}`);
    // Printed once, on the first start only: the passwords are random and stored nowhere else.
    console.log(`\nDemo accounts created (shown once, keep them):\n${lines.join('\n')}\n`);
  }
}

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `CheatMarket ready on ${config.publicUrl} (database: ${database.kind}) in ${Math.round(performance.now() - startedAt)} ms`,
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal} received: draining requests`);
  const force = setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  force.unref();
  // Keep-alive sockets whose last request finishes during the drain would otherwise stay open until their
  // keep-alive timeout and hold the close up: close each as soon as it is idle.
  const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
  reaper.unref();
  try {
    await app.close();
    clearInterval(reaper);
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
