import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { ledgerCheck } from '../modules/wallet/service.ts';
import { buildSignedInUser } from './factories.ts';
import { buildTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

export type Member = Awaited<ReturnType<typeof buildSignedInUser>>;
export interface MoneySuite {
  t: TestApp;
  admin: Member;
  moderator: Member;
}

/**
 * The set-up every money test file shares: one app, a signed-in admin and moderator, and the wallet
 * invariant checked after every scenario (transfers balance, balances equal the ledger, escrow = held
 * orders). `ready` receives them once made, so a file keeps plain `t`, `admin`, `moderator` variables.
 * `options` is read when the app is built, after the file's earlier `beforeAll` hooks (a processor's
 * loopback server started there gives its URL to the app's environment).
 */
export function moneySuite(ready: (suite: MoneySuite) => void, options: () => TestAppOptions = () => ({})) {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp(options());
    const [admin, moderator] = await Promise.all([
      buildSignedInUser(t, { role: 'admin' }),
      buildSignedInUser(t, { role: 'moderator' }),
    ]);
    ready({ t, admin, moderator });
  });
  afterAll(() => t?.close());
  afterEach(async () => {
    if (t) expect(await ledgerCheck(t.db)).toMatchObject({ ok: true });
  });
}
