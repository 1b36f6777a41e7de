import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BtcpayServer, startBtcpayServer } from '../../test/btcpay-server.ts';
import { loadGreenfield } from '../../test/greenfield-schemas.ts';
import { GreenfieldError } from './btcpay.ts';
import { createPayout, getPayoutState } from './btcpay-payouts.ts';
import { ProcessorUnavailable } from './processor.ts';

/** Store payouts through Greenfield, against the loopback BTCPay Server (database-free). */
let server: BtcpayServer;
const config = (over: Partial<{ apiKey: string; url: string }> = {}) => ({
  url: server.url,
  storeId: server.storeId,
  apiKey: server.apiKey,
  webhookSecret: server.webhookSecret,
  ...over,
});
const greenfield = loadGreenfield();

beforeAll(async () => {
  server = await startBtcpayServer();
});
afterAll(() => server.close());

describe('BTCPay store payouts', () => {
  it('creates an approved on-chain payout as CreatePayoutThroughStoreRequest and follows its state', async () => {
    const id = await createPayout(config(), {
      destination: 'bcrt1qexampleaddress0000000000000000000000',
      amount: '0.00125000',
      currency: 'BTC',
      metadata: { withdrawalId: 'w-1' },
    });
    const sent = server.requests.findLast((r) => r.method === 'POST' && r.path.endsWith('/payouts'))!;
    expect(sent.authorized).toBe(true);
    expect(greenfield.check('CreatePayoutThroughStoreRequest', sent.body)).toEqual([]);
    expect(sent.body).toEqual({
      destination: 'bcrt1qexampleaddress0000000000000000000000',
      amount: '0.00125000',
      payoutMethodId: 'BTC-CHAIN',
      approved: true,
      metadata: { withdrawalId: 'w-1' },
    });
    const payout = server.payout(id)!;
    expect(greenfield.check('PayoutData', payout)).toEqual([]);
    expect(payout).toMatchObject({
      state: 'AwaitingPayment',
      payoutMethodId: 'BTC-CHAIN',
      originalAmount: '0.00125000',
    });

    expect(await getPayoutState(config(), id)).toBe('AwaitingPayment');
    for (const state of ['InProgress', 'Completed', 'Cancelled'] as const) {
      server.setPayout(id, state);
      expect(await getPayoutState(config(), id)).toBe(state);
    }
    const read = server.requests.findLast((r) => r.method === 'GET')!;
    expect(read.path).toBe(`/api/v1/payouts/${id}`);

    // The store's list (Greenfield's PayoutDataList) leaves cancelled payouts out unless asked.
    const list = async (query = '') => {
      const res = await fetch(`${server.url}/api/v1/stores/${server.storeId}/payouts${query}`, {
        headers: { authorization: `token ${server.apiKey}` },
      });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(greenfield.check('PayoutDataList', body)).toEqual([]);
      return body.map((p: { id: string }) => p.id);
    };
    expect(await list()).not.toContain(id);
    expect(await list('?includeCancelled=true')).toContain(id);
  });

  it('refuses a currency without a payout method and an amount that is not a positive decimal, asking nothing', async () => {
    const before = server.requests.length;
    await expect(createPayout(config(), { destination: 'x', amount: '1', currency: 'USD' })).rejects.toThrow(
      /not set up for USD/,
    );
    for (const amount of ['0', '-1', '1e3', '1,5', ''])
      await expect(createPayout(config(), { destination: 'x', amount, currency: 'BTC' })).rejects.toThrow(
        /positive decimal/,
      );
    expect(server.requests.length).toBe(before);
  });

  it('says a refusal clearly (4xx) and an outage as ProcessorUnavailable (5xx, no connection)', async () => {
    const refused = await createPayout(config(), { destination: '', amount: '0.1', currency: 'BTC' }).catch(
      (e) => e,
    );
    expect(refused).toBeInstanceOf(GreenfieldError);
    expect(refused.status).toBe(422);
    expect(refused.message).toMatch(/destination/);

    const wrongKey = await getPayoutState(config({ apiKey: 'wrong' }), 'x').catch((e) => e);
    expect(wrongKey).toBeInstanceOf(GreenfieldError);
    expect(wrongKey.message).toMatch(/401.*unauthenticated/);
    expect(wrongKey.message).not.toContain(server.apiKey);

    const missing = await getPayoutState(config(), 'NoSuchPayout').catch((e) => e);
    expect(missing).toBeInstanceOf(GreenfieldError);
    expect(missing.status).toBe(404);

    server.setDown(true);
    try {
      await expect(getPayoutState(config(), 'x')).rejects.toBeInstanceOf(ProcessorUnavailable);
    } finally {
      server.setDown(false);
    }
    await expect(getPayoutState(config({ url: 'http://127.0.0.1:1' }), 'x')).rejects.toBeInstanceOf(
      ProcessorUnavailable,
    );
  });
});
