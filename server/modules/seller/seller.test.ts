import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { marketplaceOrders } from '../../db/schema/index.ts';
import { csvCell } from '../../plugins/csv.ts';
import { buildListing, buildSignedInUser, fundUser } from '../../test/factories.ts';
import { type Member, moneySuite } from '../../test/money-suite.ts';
import type { TestApp } from '../../test/test-app.ts';

/* Issue 18 item 3: the seller dashboard's figures, 30 days of sales and the CSV export. */

let t: TestApp;
let moderator: Member;
moneySuite((s) => {
  ({ t, moderator } = s);
});

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: cookie ? { cookie } : {},
  });

async function buyer() {
  const b = await buildSignedInUser(t);
  await fundUser(t, b.id, 10_000);
  return b;
}
const buy = (listingId: string, who: Member, units: number, expectedPrice: number) =>
  call('POST', `/api/v1/listings/${listingId}/purchase`, who.cookie, { expectedPrice, units });

/** A seller with a key listing (price 100, 5 keys) and a link listing (price 50, stock 3), and four sales. */
async function sellerWithSales() {
  const seller = await buildSignedInUser(t);
  const created = await call('POST', '/api/v1/listings', seller.cookie, {
    title: 'Apex legends ESP',
    game: 'Apex Legends',
    features: 'ESP',
    requirements: 'Windows',
    description: 'Sees through walls, and nothing else.',
    contentLink: 'https://files.example.com/apex.zip',
    price: 100,
    deliveryKind: 'keys',
    keys: 'A\nB\nC\nD\nE',
    lowStockThreshold: 2,
  });
  expect(created.statusCode, created.body).toBe(201);
  const keyed = created.json();
  const link = await buildListing(t, { userId: seller.id, price: 50, stock: 3, title: '=HYPERLINK("x")' });
  const [b1, b2, b3] = await Promise.all([buyer(), buyer(), buyer()]);
  const o1 = (await buy(keyed.id, b1, 2, 100)).json(); // 200, fee 10: released → 190
  const o2 = (await buy(keyed.id, b2, 1, 100)).json(); // 100, fee 5: disputed → 95 in escrow
  const o3 = (await buy(link.id, b3, 1, 50)).json(); // 50, fee 2: refunded → 0
  const o4 = (await buy(link.id, b1, 2, 50)).json(); // 100, fee 5: held → 95
  expect((await call('POST', `/api/v1/orders/${o1.id}/confirm`, b1.cookie)).statusCode).toBe(200);
  const reason = { reason: 'It stopped working after an update.' };
  expect((await call('POST', `/api/v1/orders/${o2.id}/dispute`, b2.cookie, reason)).statusCode).toBe(200);
  expect((await call('POST', `/api/v1/orders/${o3.id}/dispute`, b3.cookie, reason)).statusCode).toBe(200);
  const settled = await call('POST', `/api/v1/admin/orders/${o3.id}/settle`, moderator.cookie, {
    outcome: 'refund',
    note: 'Refunded',
  });
  expect(settled.statusCode).toBe(200);
  return { seller, keyed, link, orders: [o1, o2, o3, o4], buyers: [b1, b2, b3] };
}

describe('GET /seller/listings', () => {
  it('401 signed out; my listings only, with stock, units sold, revenue after fees, disputes and keys', async () => {
    expect((await call('GET', '/api/v1/seller/listings')).statusCode).toBe(401);
    const { seller, keyed, link } = await sellerWithSales();
    const res = await call('GET', '/api/v1/seller/listings', seller.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items;
    expect(items.map((l: { id: string }) => l.id)).toEqual([link.id, keyed.id]);
    expect(items[1]).toMatchObject({
      deliveryKind: 'keys',
      stock: 2,
      lowStockThreshold: 2,
      unitsSold: 3,
      revenue: 190 + 95,
      openDisputes: 1,
      keys: { available: 2, reserved: 1, sold: 2, burned: 0, withdrawn: 0 },
    });
    expect(items[0]).toMatchObject({
      deliveryKind: 'link',
      stock: 0,
      status: 'sold',
      unitsSold: 2,
      revenue: 95,
      openDisputes: 0,
      keys: null,
    });
    // Someone else's dashboard is their own.
    const other = await buildSignedInUser(t);
    expect((await call('GET', '/api/v1/seller/listings', other.cookie)).json().items).toEqual([]);
  });

  it('pages with a cursor, and refuses a bad one (400)', async () => {
    const seller = await buildSignedInUser(t);
    for (let i = 0; i < 26; i++) await buildListing(t, { userId: seller.id });
    const first = (await call('GET', '/api/v1/seller/listings', seller.cookie)).json();
    expect(first.items).toHaveLength(24);
    const second = (
      await call('GET', `/api/v1/seller/listings?cursor=${first.nextCursor}`, seller.cookie)
    ).json();
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    expect((await call('GET', '/api/v1/seller/listings?cursor=nope', seller.cookie)).statusCode).toBe(400);
  });
});

describe('GET /seller/sales', () => {
  it('30 UTC days, oldest first, today holding the sales; older sales are left out', async () => {
    expect((await call('GET', '/api/v1/seller/sales')).statusCode).toBe(401);
    const { seller, orders } = await sellerWithSales();
    // One sale from 40 days ago does not count.
    await t.db
      .update(marketplaceOrders)
      .set({ createdAt: sql`now() - interval '40 days'` })
      .where(eq(marketplaceOrders.id, orders[3]!.id));
    const res = await call('GET', '/api/v1/seller/sales', seller.cookie);
    expect(res.statusCode).toBe(200);
    const summary = res.json();
    expect(summary.days).toHaveLength(30);
    expect(summary.days.at(-1)).toEqual({
      date: new Date().toISOString().slice(0, 10),
      units: 3,
      revenue: 285,
    });
    expect(summary.days.slice(0, -1).every((d: { units: number }) => d.units === 0)).toBe(true);
    expect(summary).toMatchObject({ units: 3, revenue: 285, openDisputes: 1 });
  });
});

describe('GET /seller/sales.csv', () => {
  it('every sale of mine as text/csv, cells that could run as formulas escaped', async () => {
    expect((await call('GET', '/api/v1/seller/sales.csv')).statusCode).toBe(401);
    const { seller, orders, buyers } = await sellerWithSales();
    const res = await call('GET', '/api/v1/seller/sales.csv', seller.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sales.csv"');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,order,listing,buyer,units,price,fee,status,payout,refunded');
    expect(lines).toHaveLength(5);
    // Newest first: the link listing's second sale, with its title defused and quoted.
    expect(lines[1]).toContain(
      `${orders[3]!.id},"'=HYPERLINK(""x"")",${buyers[0]!.username},2,100,5,held,0,0`,
    );
    expect(lines[2]).toContain(',1,50,2,refunded,0,50');
    expect(lines[4]).toContain('Apex legends ESP');
    expect(lines[4]).toContain(',2,200,10,released,190,0');
    const other = await buildSignedInUser(t);
    const empty = await call('GET', '/api/v1/seller/sales.csv', other.cookie);
    expect(empty.body).toBe('date,order,listing,buyer,units,price,fee,status,payout,refunded\r\n');
  });

  it('csvCell prefixes = + - @ (and tab, carriage return) with an apostrophe, then quotes', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+SUM(A1)')).toBe("'+SUM(A1)");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(-5)).toBe('-5');
  });
});
