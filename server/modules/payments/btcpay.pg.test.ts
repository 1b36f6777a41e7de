import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Child, startApp } from '../../../scripts/bench/app-process.ts';
import { deposits, profiles } from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';
import { type BtcpayServer, startBtcpayServer } from '../../test/btcpay-server.ts';
import { buildSignedInUser } from '../../test/factories.ts';
import { type Member, moneySuite } from '../../test/money-suite.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { configuredProcessors } from './processors.ts';
import { reconcileOverdue } from './service.ts';

/**
 * BTCPay top-ups where only a real PostgreSQL shows the danger: deliveries of one event raced across two app
 * instances on one database (with the reconciliation sweep running too), and a server killed with -9 between
 * receiving a webhook and committing it, then the redelivery to a fresh server. Each credits once.
 */
let server: BtcpayServer;
let t: TestApp;
let other: TestApp;
const hooks: string[] = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cm-btcpay-'));
const children: Child[] = [];

beforeAll(async () => {
  server = await startBtcpayServer();
});
moneySuite(
  (suite) => {
    t = suite.t;
  },
  () => ({ env: server.env() }),
);
beforeAll(async () => {
  other = await buildTestApp({ database: t.database, env: server.env() });
  for (const app of [t.app, other.app]) {
    await app.listen({ host: '127.0.0.1', port: 0 });
    hooks.push(
      `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/payments/btcpay/webhook`,
    );
  }
});
afterAll(async () => {
  for (const c of children)
    if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
  await other?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function topUp(member: Member, credits = 1000) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/deposits',
    headers: { cookie: member.cookie },
    payload: { method: 'btcpay', credits },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  const [row] = await t.db.select().from(deposits).where(eq(deposits.id, id));
  return { id, invoiceId: row!.processorRef! };
}
const status = async (id: string) =>
  (await t.db.select({ s: deposits.status }).from(deposits).where(eq(deposits.id, id)))[0]!.s;
const balance = async (userId: string) =>
  Number((await t.db.select({ c: profiles.credits }).from(profiles).where(eq(profiles.id, userId)))[0]!.c);
const transfers = async (depositId: string) =>
  Number(
    (
      await rows<{ n: number }>(
        t.db,
        sql`select count(distinct transfer_id)::int as n from ledger_entries where deposit_id = ${depositId}`,
      )
    )[0]!.n,
  );
const databaseUrl = () =>
  (t.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
    .connectionString;

describe('BTCPay webhooks on PostgreSQL', () => {
  it('credits once when 20 deliveries of one event race across two instances and the reconciliation sweep', async () => {
    const member = await buildSignedInUser(t);
    const { id, invoiceId } = await topUp(member);
    server.setInvoice(invoiceId, { status: 'Settled' });
    await t.db
      .update(deposits)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deposits.id, id));
    // One delivery's exact bytes, replayed, and fresh redeliveries of the same event.
    const raw = JSON.stringify(server.webhookBody({ type: 'InvoiceSettled', invoiceId }));
    const signature = server.sign(raw);
    const deps = (app: TestApp) => ({
      db: app.db,
      publicUrl: app.config.publicUrl,
      processors: configuredProcessors(app.config.payments, app.config.publicUrl),
    });
    const log = { warn: () => {} };
    const [answers] = await Promise.all([
      Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 === 0
            ? server.send(hooks[i % 4 === 0 ? 0 : 1]!, raw, signature)
            : server.deliver(hooks[i % 4 === 1 ? 0 : 1]!, {
                type: 'InvoiceSettled',
                invoiceId,
                isRedelivery: true,
              }),
        ),
      ),
      reconcileOverdue(deps(t), log),
      reconcileOverdue(deps(other), log),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(await status(id)).toBe('settled');
    expect(await balance(member.id)).toBe(1000);
    expect(await transfers(id)).toBe(1);
  });

  it('credits once after kill -9 between receiving a webhook and committing, then the redelivery', {
    timeout: 240_000,
  }, async () => {
    const env = {
      ...server.env(),
      // The loopback BTCPay speaks http, which production refuses (the API key would travel in clear): the
      // same server in development mode otherwise.
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl(),
      DATABASE_POOL_SIZE: '4',
      DATA_DIR: dataDir,
      RATE_LIMIT_SCALE: '100',
      DEPOSIT_RECONCILE_INTERVAL_MS: '0',
    };
    const start = async () => {
      const child = await startApp(env);
      children.push(child);
      return child;
    };
    const hookOf = (child: Child) => `${child.base}/api/v1/payments/btcpay/webhook`;
    const member = await buildSignedInUser(t);

    // 1. Killed while it re-reads the invoice from BTCPay.
    const a = await topUp(member);
    server.setInvoice(a.invoiceId, { status: 'Settled' });
    const first = await start();
    const held = server.hold((r) => r.method === 'GET' && r.path === `/api/v1/invoices/${a.invoiceId}`);
    const cut = server.deliver(hookOf(first), { type: 'InvoiceSettled', invoiceId: a.invoiceId });
    await held.reached;
    first.child.kill('SIGKILL');
    expect((await cut).status).toBe('error');
    held.release();
    expect(await status(a.id)).toBe('pending');

    // 2. Killed inside its transaction: the deposit's row is locked here, so its conditional update waits.
    const second = await start();
    const redelivered = await server.deliver(hookOf(second), {
      type: 'InvoiceSettled',
      invoiceId: a.invoiceId,
      isRedelivery: true,
    });
    expect(redelivered.status, second.output()).toBe(200);
    expect(await status(a.id)).toBe('settled');

    const b = await topUp(member, 2000);
    server.setInvoice(b.invoiceId, { status: 'Settled' });
    const locker = new pg.Client({ connectionString: databaseUrl() });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('select id from deposits where id = $1 for update', [b.id]);
      const cutInTx = server.deliver(hookOf(second), { type: 'InvoiceSettled', invoiceId: b.invoiceId });
      const deadline = Date.now() + 30_000;
      let waiting = 0;
      while (waiting === 0 && Date.now() < deadline) {
        const r = await locker.query(
          `select count(*)::int as n from pg_stat_activity
           where wait_event_type = 'Lock' and pid <> pg_backend_pid() and datname = current_database()`,
        );
        waiting = r.rows[0].n;
        if (waiting === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(waiting, `the webhook reached its transaction: ${second.output()}`).toBe(1);
      second.child.kill('SIGKILL');
      expect((await cutInTx).status).toBe('error');
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    // Its backend finds the client gone: the transaction never commits.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await status(b.id)).toBe('pending');
    expect(await transfers(b.id)).toBe(0);

    const third = await start();
    for (const invoiceId of [b.invoiceId, a.invoiceId, b.invoiceId])
      expect(
        (await server.deliver(hookOf(third), { type: 'InvoiceSettled', invoiceId, isRedelivery: true }))
          .status,
      ).toBe(200);
    expect([await status(a.id), await status(b.id)]).toEqual(['settled', 'settled']);
    expect(await balance(member.id)).toBe(3000);
    expect([await transfers(a.id), await transfers(b.id)]).toEqual([1, 1]);
    expect(await third.stop()).toBe(0);
  });
});
