import * as drizzle from 'drizzle-orm';
import { eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildListing, buildUser } from '../test/factories.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { preparedStatements } from './prepared.ts';
import { compileRowMapper, type SelectedField } from './row-mapper.ts';
import { marketplaceListings as listings, profiles, userRanks } from './schema/index.ts';

/* The prepared statements' row mapper (row-mapper.ts) gives what Drizzle's own mapping gives. */

// Drizzle's own mapper, exported by drizzle-orm but left out of its types.
const { mapResultRow } = drizzle as unknown as {
  mapResultRow: (fields: SelectedField[], row: unknown[], joins?: Record<string, boolean>) => unknown;
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const buyers = alias(profiles, 'buyer');
/** Nested objects (a whole table, a left-joined table, one that mixes tables), SQL fields and flat columns. */
const selection = () => ({
  row: listings,
  key: sql<string>`${listings.id}::text`.as('key'),
  seller: { id: profiles.id, username: profiles.username, vouches: profiles.vouches },
  rank: { name: userRanks.name, color: userRanks.color },
  buyer: { id: buyers.id, username: buyers.username },
  mixed: { buyerName: buyers.username, title: listings.title, upper: sql<string>`upper(${listings.title})` },
  rankName: userRanks.name,
});
const query = () =>
  t.db
    .select(selection())
    .from(listings)
    .innerJoin(profiles, eq(profiles.id, listings.userId))
    .leftJoin(userRanks, eq(userRanks.id, profiles.rankId))
    .leftJoin(buyers, eq(buyers.id, listings.soldTo));

interface Internals {
  fields: SelectedField[];
  joinsNotNullableMap: Record<string, boolean>;
}

describe('compileRowMapper', () => {
  it("maps any row as Drizzle's mapResultRow does, nulls included", () => {
    const prepared = query().prepare('row_mapper_fields') as unknown as Internals;
    const { fields, joinsNotNullableMap } = prepared;
    const mapper = compileRowMapper(fields, joinsNotNullableMap);
    const value = fc.oneof(fc.constant(null), fc.string(), fc.integer(), fc.boolean());
    fc.assert(
      fc.property(
        fc.array(fc.array(value, { minLength: fields.length, maxLength: fields.length })),
        (rows) => {
          const drizzle = rows.map((row) => mapResultRow(fields, row, joinsNotNullableMap));
          expect(mapper(rows)).toEqual(drizzle);
        },
      ),
    );
  });

  it('keeps the order of the keys, so the JSON is the same', () => {
    const { fields, joinsNotNullableMap } = query().prepare('row_mapper_order') as unknown as Internals;
    const row = fields.map((_, i) => `v${i}`);
    expect(JSON.stringify(compileRowMapper(fields, joinsNotNullableMap)([row]))).toBe(
      JSON.stringify([mapResultRow(fields, row, joinsNotNullableMap)]),
    );
  });
});

describe('prepared statements', () => {
  const statement = preparedStatements('row_mapper_listings', () =>
    query()
      .where(sql`${listings.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .orderBy(listings.id),
  );

  it('read every precision of a timestamp to the same ISO form as Drizzle', async () => {
    const listing = await buildListing(t, { userId: (await buildUser(t)).id });
    const texts = [
      '2026-01-12 13:46:30',
      '2026-01-12 13:46:30.5',
      '2026-01-12 13:46:30.123456',
      '1999-12-31 23:59:59.99',
    ];
    for (const text of texts) {
      await t.db.execute(
        sql`update ${listings} set created_at = ${`${text}+00`}::timestamptz where id = ${listing.id}`,
      );
      const [expected] = await query().where(eq(listings.id, listing.id));
      const [got] = await statement(t.db, '').execute({ ids: [listing.id] });
      expect(got!.row.createdAt.toISOString()).toBe(expected!.row.createdAt.toISOString());
      expect(got!.row.createdAt.getTime()).toBe(new Date(`${text}Z`).getTime());
    }
  });

  it('read the same objects as the unprepared query, left joins present and absent', async () => {
    const seller = await buildUser(t);
    const buyer = await buildUser(t);
    const sold = await buildListing(t, {
      userId: seller.id,
      status: 'sold',
      soldTo: buyer.id,
      soldAt: new Date(),
    });
    const active = await buildListing(t, { userId: seller.id });
    const ids = [sold.id, active.id];

    const expected = await query().where(inArray(listings.id, ids)).orderBy(listings.id);
    const got = await statement(t.db, '').execute({ ids });

    expect(got).toEqual(expected);
    const bySold = got.find((r) => r.row.id === sold.id)!;
    expect(bySold.buyer).toEqual({ id: buyer.id, username: buyer.username });
    expect(bySold.row.soldAt).toBeInstanceOf(Date);
    // Timestamps keep PostgreSQL's text for their ISO form (decision 082): the same as Drizzle's Dates.
    expect(bySold.row.soldAt!.toISOString()).toBe(
      expected.find((r) => r.row.id === sold.id)!.row.soldAt!.toISOString(),
    );
    const byActive = got.find((r) => r.row.id === active.id)!;
    expect(byActive.buyer).toBeNull();
    expect(byActive.rank).toBeNull();
    expect(byActive.mixed).toEqual({
      buyerName: null,
      title: active.title,
      upper: active.title.toUpperCase(),
    });
  });
});
