import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../server/db/client.ts';
import { ledgerCheck } from '../../server/modules/wallet/service.ts';
import { startBtcpayServer } from '../../server/test/btcpay-server.ts';
import { type Child, startApp } from './app-process.ts';

/*
 * The webhook storm (issue 35): BTCPay's signed InvoiceSettled deliveries for many top-ups, a fifth of them
 * replays of deliveries already sent, spread over two app instances on one PostgreSQL at 50 connections.
 * Every settled invoice must be credited exactly once and the ledger must balance afterwards.
 */

export interface StormOptions {
  databaseUrl: string;
  tmp: string;
  /** Signed-in members' cookies: the deposits are spread over them. */
  cookies: string[];
  connections: number;
  deliveries: number;
  log: (s: string) => void;
  children: Child[];
}

export interface StormResult {
  invoices: number;
  deliveries: number;
  replays: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  settled: number;
  depositTransfers: number;
  ledgerOk: boolean;
}

async function pool<T>(items: T[], concurrency: number, run: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        await run(items[i]!, i);
      }
    }),
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

export async function webhookStorm(o: StormOptions): Promise<StormResult> {
  const btcpay = await startBtcpayServer({
    storeId: 'bench-store',
    apiKey: 'bench-key',
    webhookSecret: 'bench-webhook-secret',
  });
  try {
    // The apps reach the loopback BTCPay over http, which production refuses (the API key travels in each
    // request): the storm's instances run in development mode, the same code path otherwise.
    const apps: Child[] = [];
    for (const i of [0, 1]) {
      const app = await startApp({
        DATABASE_URL: o.databaseUrl,
        DATA_DIR: path.join(o.tmp, `storm-${i}`),
        NODE_ENV: 'development',
        RATE_LIMIT_SCALE: '1000000',
        DATABASE_POOL_SIZE: '10',
        DEPOSIT_RECONCILE_INTERVAL_MS: '0',
        ...btcpay.env(),
      });
      o.children.push(app);
      apps.push(app);
    }
    const invoiceCount = Math.round(o.deliveries * 0.8);
    o.log(`  webhook storm: ${invoiceCount} top-ups`);
    const invoiceIds: string[] = [];
    await pool(
      Array.from({ length: invoiceCount }, (_, i) => i),
      20,
      async (i) => {
        const res = await fetch(`${apps[i % 2]!.base}/api/v1/wallet/deposits`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: o.cookies[i % o.cookies.length]! },
          body: JSON.stringify({ method: 'btcpay', credits: 1000 }),
        });
        if (res.status !== 201) throw new Error(`deposit: ${res.status} ${await res.text()}`);
        const { checkoutUrl } = (await res.json()) as { checkoutUrl: string };
        invoiceIds.push(checkoutUrl.slice(checkoutUrl.lastIndexOf('/') + 1));
      },
    );
    for (const id of invoiceIds) btcpay.setInvoice(id, { status: 'Settled' });
    // Each invoice's delivery signed once; the replays resend exact bytes of deliveries already in the list.
    const originals = invoiceIds.map((invoiceId) => {
      const raw = JSON.stringify(btcpay.webhookBody({ type: 'InvoiceSettled', invoiceId }));
      return { raw, signature: btcpay.sign(raw) };
    });
    const replays = Array.from(
      { length: o.deliveries - invoiceCount },
      (_, k) => originals[(k * 7919) % originals.length]!,
    );
    const sends = [...originals, ...replays];
    // Interleaved so replays race their originals instead of trailing them.
    for (let i = sends.length - 1; i > 0; i--) {
      const j = (i * 48271) % (i + 1);
      [sends[i], sends[j]] = [sends[j]!, sends[i]!];
    }
    const statuses: Record<string, number> = {};
    const latencies: number[] = [];
    const started = performance.now();
    await pool(sends, o.connections, async (send, i) => {
      const t = performance.now();
      const delivery = await btcpay.send(
        `${apps[i % 2]!.base}/api/v1/payments/btcpay/webhook`,
        send.raw,
        send.signature,
      );
      latencies.push(performance.now() - t);
      statuses[delivery.status] = (statuses[delivery.status] ?? 0) + 1;
    });
    const seconds = (performance.now() - started) / 1000;
    for (const app of apps) await app.stop();

    const check = new pg.Client({ connectionString: o.databaseUrl });
    await check.connect();
    const [counts] = (
      await check.query(
        `select (select count(*)::int from deposits where method = 'btcpay' and status = 'settled' and processor_ref = any($1)) as settled,
          (select count(distinct transfer_id)::int from ledger_entries l join deposits d on d.id = l.deposit_id
            where l.kind = 'deposit' and d.processor_ref = any($1)) as transfers`,
        [invoiceIds],
      )
    ).rows;
    await check.end();
    const database = await openDatabase({ databaseUrl: o.databaseUrl, poolSize: 1 });
    const ledger = await ledgerCheck(database.db);
    await database.close();
    latencies.sort((a, b) => a - b);
    return {
      invoices: invoiceCount,
      deliveries: sends.length,
      replays: replays.length,
      seconds,
      rps: sends.length / seconds,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      statuses,
      settled: counts.settled,
      depositTransfers: counts.transfers,
      ledgerOk: ledger.ok,
    };
  } finally {
    await btcpay.close();
  }
}
