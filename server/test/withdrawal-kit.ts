import { and, eq, inArray, sql } from 'drizzle-orm';
import { ledgerEntries, payoutDestinations } from '../db/schema/index.ts';
import { buildEarnings, buildTwoFactorUser } from './factories.ts';
import type { TestApp } from './test-app.ts';
import { totpNow } from './totp.ts';

/* What the withdrawal test files share: members ready to withdraw, and requests made as they would be. */

export type Call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  cookie?: string,
  payload?: object,
) => Promise<Awaited<ReturnType<TestApp['app']['inject']>>>;

export const caller =
  (t: TestApp): Call =>
  (method, url, cookie, payload) =>
    t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

/** Sale earnings released `days` ago (past the default 7-day reserve unless told). */
export async function backdateEarnings(t: TestApp, userId: string, days = 30) {
  await t.db
    .update(ledgerEntries)
    .set({ createdAt: sql`now() - make_interval(days => ${days})` })
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        inArray(ledgerEntries.kind, ['purchase_release', 'purchase_split']),
      ),
    );
}

/**
 * A seller with two-factor on, `earnings` of released sales (the price of one sale, paid less the 5 % fee)
 * past the reserve, and a manual payout address usable now.
 */
export async function buildReadySeller(t: TestApp, opts: { salePrice?: number; address?: boolean } = {}) {
  const member = await buildTwoFactorUser(t);
  if (opts.salePrice) {
    await buildEarnings(t, member.id, opts.salePrice);
    await backdateEarnings(t, member.id);
  }
  if (opts.address !== false)
    await t.db.insert(payoutDestinations).values({
      userId: member.id,
      method: 'manual',
      destination: 'IBAN DE89 3704 0044 0532 0130 00',
      usableAt: new Date(Date.now() - 1000),
    });
  return member;
}

/**
 * A code of the current step (0) or the next (1): the next stays valid across one step boundary. Codes for two
 * uses in a row take one `at`, so a boundary passing between the uses cannot make them the same step.
 */
export const codeOf = (member: { totpURI: string }, step: 0 | 1 = 0, at = Date.now()) =>
  totpNow(member.totpURI, step, at);
