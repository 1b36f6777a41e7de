import { startDiscordServer } from './discord-server.ts';

/*
 * The loopback Discord as a process of its own, for the e2e server (playwright.config.ts): its port and client
 * from the environment, and `POST /_test/users` so a spec can register the Discord user it signs in as.
 */
const server = await startDiscordServer({
  port: Number(process.env.DISCORD_PORT),
  clientId: process.env.DISCORD_CLIENT_ID,
  clientSecret: process.env.DISCORD_CLIENT_SECRET,
  controlApi: true,
});
process.stdout.write(`loopback Discord at ${server.url}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void server.close().then(() => process.exit(0)));
