import { eq } from 'drizzle-orm';
import type { Role } from '../../../contract/limits.ts';
import type { TrustLevel } from '../../../contract/trust.ts';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';
import { lockTrustLevel } from '../trust/levels.ts';
import { grant } from '../wallet/service.ts';
import type { Auth } from './auth.ts';

export interface NewAccount {
  username: string;
  email: string;
  password: string;
  role?: Role;
  balance?: number;
  credits?: number;
  /** Seeding and tests: an address already verified, a trust level already earned (locked there). */
  emailVerified?: boolean;
  trustLevel?: TrustLevel;
}

/** Creates an account server-side (seeding, create-admin, tests) through better-auth's own sign-up. */
export async function createAccount(auth: Auth, db: Db, input: NewAccount): Promise<string> {
  const result = await auth.api.signUpEmail({
    body: { name: input.username, email: input.email, password: input.password },
  });
  const id = result.user.id;
  if (input.role || input.balance || input.credits || input.emailVerified || input.trustLevel) {
    await db.transaction(async (tx) => {
      if (input.role || input.emailVerified)
        await tx
          .update(profiles)
          .set({ role: input.role, emailVerified: input.emailVerified })
          .where(eq(profiles.id, id));
      // The trust level is the trust module's column (decision 056).
      if (input.trustLevel) await lockTrustLevel(tx, id, input.trustLevel);
      // Opening money goes through the ledger like any other, so the wallet invariant holds from the start.
      for (const currency of ['balance', 'credits'] as const) {
        const amount = input[currency];
        if (amount)
          await grant(tx, { userId: id, currency, amount, description: 'Opening balance', adminId: null });
      }
    });
  }
  return id;
}
