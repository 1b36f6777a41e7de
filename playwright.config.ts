import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets two runs share a machine (each gets its own server and data directory).
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = `.tmp/e2e-${PORT}`;
export const E2E_BASE_URL = `http://localhost:${PORT}`;
/** Node's flags for our processes, as `npm start` has them (docs/decisions/028); see scripts/bench/app-process.ts. */
const FAST_RESOLVE = '--import ./server/boot/fast-resolve.ts';
/** The Discord and Telegram stand-in (server/test/hook-receiver.ts) the server's webhooks go to. */
const HOOK_PORT = PORT + 1000;
export const E2E_HOOK_RECEIVER = `https://127.0.0.1:${HOOK_PORT}`;
/**
 * The loopback Discord (server/test/discord-server.ts) the e2e server signs members in with: its own port
 * beside the app's, and a client the app is configured with.
 */
export const E2E_DISCORD = {
  url: `https://127.0.0.1:${PORT + 10_000}`,
  clientId: 'e2e-discord-client',
  clientSecret: 'e2e-discord-secret',
};
export const E2E_ADMIN = { email: 'admin@e2e.test', username: 'e2e_admin', password: 'e2e-admin-password' };

/**
 * Debian's headless shell when it is there (what `.ci/run` installs): the same engine without the full
 * browser's compositor and UI. The whole suite took 14.6 min in it; four of the heaviest specs took 178 s
 * where the full browser took 273 s.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = {
  executablePath:
    process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
/** The phone and tablet projects run only this spec (every route, every role); the rest run on desktop. */
const RESPONSIVE_SPEC = '**/responsive.spec.ts';
/**
 * These run alone, one after another, after the rest: two read site-wide counts (members, posts) that
 * other specs move (each other included: the dashboard's members were counted by the home page's check),
 * and the settings spec changes what every other spec sees (the theme colour an a11y scan measures, the
 * fee a sale charges).
 */
const ALONE_SPECS = ['home', 'admin-dashboard', 'admin-settings'];
/**
 * Every context asks for reduced motion, which the app honours (styles.css): no pulsing skeletons, sliding
 * bars or fading toasts to draw frame by frame. Chromium's compositor spent about a fifth of the suite's CPU;
 * on the escrow and marketplace specs this took it from 48 to 25 s. admin-dashboard.spec.ts asks for motion
 * where motion is the subject.
 */
const motion = { reducedMotion: 'reduce' as const };
/**
 * The pseudo-locale walk (e2e/pseudo-locale.spec.ts) needs the pseudo build: `npm run test:e2e:pseudo` builds it
 * into dist/pseudo/web and runs with E2E_PSEUDO=1, which serves that build and runs that spec alone; every other
 * run leaves it out.
 */
const PSEUDO = process.env.E2E_PSEUDO === '1';
const PSEUDO_SPEC = '**/pseudo-locale.spec.ts';
const desktop = { ...devices['Desktop Chrome'], ...motion, launchOptions: chromium };

/**
 * Specs run against the production build served by the real server on an embedded database
 * made fresh for the run, in Debian's Chromium (never a downloaded browser).
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Two spec files at a time (tests within a file run in order): each spec makes its own members and data,
  // so they share the server safely, and the run takes about half as long on a 2-core machine.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Two browsers, the server and its database share two cores: a step that takes 2 s alone can take 6.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // A pseudo-locale run may go beside the main one (.ci/run): each cleans its own results at its start.
  outputDir: PSEUDO ? 'test-results/pseudo' : 'test-results/main',
  use: {
    baseURL: E2E_BASE_URL,
    // No trace unless asked for (`npx playwright test --trace retain-on-failure` to debug a failure): it is
    // recorded for every test to keep the failed ones, and that recording was a fifth of the suite's CPU
    // (escrow and marketplace specs: 189 -> 151 CPU-s, 1.7 -> 1.4 min). A failure still prints its error,
    // call log and code frame, and keeps its screenshot and page snapshot (error-context.md).
    trace: 'off',
    screenshot: 'only-on-failure',
    // No service worker outside the specs about it (installable.spec.ts, push.spec.ts ask for one): the app
    // registers it at the first idle moment of every fresh context, and its install (the script, the
    // precache) cost about a fifth of Chromium's CPU per page load (5 pages in 4 fresh contexts, alternating
    // runs: 17.9 against 14.1 CPU-s, decision 075). No other spec is about offline visits.
    serviceWorkers: 'block',
  },
  projects: PSEUDO
    ? [{ name: 'pseudo', testMatch: PSEUDO_SPEC, use: desktop }]
    : [
        {
          name: 'chromium',
          testIgnore: [RESPONSIVE_SPEC, PSEUDO_SPEC, ...ALONE_SPECS.map((name) => `**/${name}.spec.ts`)],
          use: desktop,
        },
        ...ALONE_SPECS.map((name, i) => ({
          name,
          testMatch: `**/${name}.spec.ts`,
          dependencies: i === 0 ? ['chromium', 'phone', 'tablet'] : [ALONE_SPECS[i - 1] as string],
          use: desktop,
        })),
        {
          name: 'phone',
          testMatch: RESPONSIVE_SPEC,
          use: {
            viewport: { width: 390, height: 844 },
            deviceScaleFactor: 3,
            isMobile: true,
            hasTouch: true,
            ...motion,
            launchOptions: chromium,
          },
        },
        {
          name: 'tablet',
          testMatch: RESPONSIVE_SPEC,
          use: { viewport: { width: 768, height: 1024 }, hasTouch: true, ...motion, launchOptions: chromium },
        },
      ],
  webServer: [
    {
      command: `node ${FAST_RESOLVE} server/test/hook-receiver.ts ${HOOK_PORT}`,
      url: `${E2E_HOOK_RECEIVER}/_received`,
      ignoreHTTPSErrors: true,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node ${FAST_RESOLVE} server/test/discord-main.ts`,
      // The consent page without its parameters answers 400: the server is up.
      url: `${E2E_DISCORD.url}/oauth2/authorize`,
      ignoreHTTPSErrors: true,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        DISCORD_PORT: String(PORT + 10_000),
        DISCORD_CLIENT_ID: E2E_DISCORD.clientId,
        DISCORD_CLIENT_SECRET: E2E_DISCORD.clientSecret,
      },
    },
    {
      command: [
        `rm -rf ${E2E_DATA_DIR}`,
        `node ${FAST_RESOLVE} --liftoff-only scripts/create-admin.ts --email ${E2E_ADMIN.email} --username ${E2E_ADMIN.username} --password ${E2E_ADMIN.password}`,
        `node ${FAST_RESOLVE} server/main.ts`,
      ].join(' && '),
      url: `http://localhost:${PORT}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        PUBLIC_URL: `http://localhost:${PORT}`,
        DATA_DIR: E2E_DATA_DIR,
        SEED_DEMO: 'false',
        // Many sign-ups from one IP in a few minutes: the limits stay on, just wider.
        RATE_LIMIT_SCALE: '20',
        // Hundreds of sign-ups and sign-ins: 2^10 instead of 2^15 (175 ms of CPU a hash on this machine).
        PASSWORD_HASH_COST: '1024',
        // Two browsers and the server on two cores starve the server's loop for a second at times, which is not
        // overload: shedding is tested in server/plugins/pressure.test.ts, not by failing a user's flow here.
        PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
        LOG_LEVEL: 'warn',
        // Notification mails go out as soon as their member is away (no open tab), not 5 minutes later, so
        // e2e/mailbox.spec.ts can wait for one by polling the mailbox.
        MAIL_AWAY_SECONDS: '0',
        COMMUNITY_CHAT_URL: 'https://chat.example.com/invite',
        SUPPORT_STREAM_URL: 'https://stream.example.com/support',
        // A run can serve its own build (E2E_WEB_ROOT) so parallel runs never share dist/.
        ...(process.env.E2E_WEB_ROOT ? { WEB_ROOT: process.env.E2E_WEB_ROOT } : {}),
        ...(PSEUDO ? { WEB_ROOT: 'dist/pseudo/web' } : {}),
        // Webhooks go to the loopback receiver above, trusted through the committed test certificate.
        DISCORD_WEBHOOK_API_URL: `${E2E_HOOK_RECEIVER}/api`,
        TELEGRAM_API_URL: E2E_HOOK_RECEIVER,
        // "Continue with Discord" against the loopback Discord, which serves the test certificate: the server
        // trusts it as an operator trusts a corporate CA, and may reach loopback (refused in production).
        DISCORD_CLIENT_ID: E2E_DISCORD.clientId,
        DISCORD_CLIENT_SECRET: E2E_DISCORD.clientSecret,
        DISCORD_API_URL: E2E_DISCORD.url,
        OUTBOUND_ALLOW_PRIVATE: 'true',
        NODE_EXTRA_CA_CERTS: 'server/test/tls/localhost-cert.pem',
      },
    },
  ],
});
